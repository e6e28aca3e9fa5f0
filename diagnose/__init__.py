"""llmdiag: startup-log diagnostics for vLLM and SGLang."""

__version__ = "0.1.0"
