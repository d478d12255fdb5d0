export interface AccountErrorLike {
  field?: string | null;
  message: string;
}

export interface SortedAccountErrors {
  byField: Record<string, string>;
  general: string[];
}

/** Errors of the form's own fields go under their input; the rest into the danger list. */
export function sortAccountErrors(
  answer: { message: string; errors: readonly AccountErrorLike[] },
  fields: readonly string[],
): SortedAccountErrors {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const error of answer.errors) {
    if (error.field && fields.includes(error.field)) {
      const before = byField[error.field];
      byField[error.field] = before ? `${before} ${error.message}` : error.message;
    } else {
      general.push(error.message);
    }
  }
  if (answer.errors.length === 0) general.push(answer.message);
  return { byField, general };
}

export const NO_ERRORS: SortedAccountErrors = { byField: {}, general: [] };
