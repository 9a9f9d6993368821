print("di-inspect")
