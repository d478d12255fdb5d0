import { type IntlConfig, ReactIntlErrorCode } from "react-intl";

/**
 * Spec 8: a missing translation is silently ignored (the defaultMessage shows). Other message
 * errors (a broken ICU pattern, a missing value) are bugs worth a console line.
 */
export const onIntlError: NonNullable<IntlConfig["onError"]> = (error) => {
  if (
    error.code === ReactIntlErrorCode.MISSING_TRANSLATION ||
    error.code === ReactIntlErrorCode.MISSING_DATA
  )
    return;
  console.error(error);
};
