// InjectionGraph
