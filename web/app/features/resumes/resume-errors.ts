import { graphql } from "~/lib/graphql/generated/gql";

/** What every resumes mutation answers when it refuses: the message and each field's error. */
export const RESUME_ERROR_FIELDS = graphql(`
  fragment ResumeErrorFields on ResumeErrors {
    message
    errors {
      field
      code
      message
    }
  }
`);
