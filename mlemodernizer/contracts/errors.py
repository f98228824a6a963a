"""Errors a user can act on. Faces print ``str(error)`` as one clear line, never a traceback."""


class ModernizerError(Exception):
    """Base for every error whose message is meant for the user."""


class NotebookError(ModernizerError):
    """The input is missing, unreadable, not a notebook, or invalid."""


class ExecutorError(ModernizerError):
    """The execution environment cannot be used (unknown kernel, Docker down, image missing)."""


class LLMError(ModernizerError):
    """The LLM endpoint is unreachable or keeps answering with errors."""
