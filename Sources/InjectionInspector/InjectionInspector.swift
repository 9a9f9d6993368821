// InjectionInspector
