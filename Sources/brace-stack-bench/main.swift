print("brace-stack-bench: not written yet")
