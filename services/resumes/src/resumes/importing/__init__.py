"""CV import (PDF, DOCX, JSON Resume) into a draft the applicant confirms, and JSON Resume export.

The GraphQL layer calls :func:`import_resume` (async, in a child process with a time limit) with
the bytes of a checked upload and the skills vocabulary, and :func:`export_json_resume` with a
draft built from the profile. Refusals are the upload path's
:class:`~jobkit.uploads.checks.UploadRejected` (``code`` for programs, ``message`` for people).
"""

from jobkit.uploads.checks import RejectionCode, UploadRejected

from resumes.importing.model import (
    EducationEntry,
    LanguageEntry,
    PersonalInfo,
    ResumeDraft,
    SkillEntry,
    VocabularyTerm,
    WorkEntry,
    YearMonth,
)
from resumes.importing.reader import (
    DEFAULT_BUDGET_SECONDS,
    export_json_resume,
    import_resume,
    read_resume,
    start_workers,
)

__all__ = [
    "DEFAULT_BUDGET_SECONDS",
    "EducationEntry",
    "LanguageEntry",
    "PersonalInfo",
    "RejectionCode",
    "ResumeDraft",
    "SkillEntry",
    "UploadRejected",
    "VocabularyTerm",
    "WorkEntry",
    "YearMonth",
    "export_json_resume",
    "import_resume",
    "read_resume",
    "start_workers",
]
