/** A group mutation's answer as far as errors go (JobResult). */
export interface JobResultLike {
  __typename?: string;
  message?: string;
  errors?: readonly { field?: string | null; message: string; code?: string }[];
}

export interface SortedJobErrors {
  /** Keyed by the API's camelCase path, e.g. `title`, `salaryRange.minSalary`, `locations.0.address.locality`. */
  byField: Record<string, string>;
  general: string[];
}

function belongs(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`));
}

/**
 * JobErrors sorted for one step: errors whose field is one of the step's (or beneath one) go
 * under their input; the rest, and field-less ones, into the step's danger list.
 */
export function jobErrorsByField(answer: JobResultLike | null | undefined, prefixes: readonly string[]): SortedJobErrors {
  const sorted: SortedJobErrors = { byField: {}, general: [] };
  if (answer?.__typename !== "JobErrors" || !answer.errors) return sorted;
  for (const error of answer.errors) {
    const path = (error.field ?? "").replace(/^input\./, "");
    if (path && belongs(path, prefixes)) {
      const before = sorted.byField[path];
      sorted.byField[path] = before ? `${before} ${error.message}` : error.message;
    } else {
      sorted.general.push(error.message);
    }
  }
  if (answer.errors.length === 0 && answer.message) sorted.general.push(answer.message);
  return sorted;
}

/** The first message among `paths` (an input may be named two ways, e.g. file and fileUploadId). */
export function errorAt(errors: Record<string, string>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    if (errors[path]) return errors[path];
  }
  return undefined;
}
