// InjectionTesting
