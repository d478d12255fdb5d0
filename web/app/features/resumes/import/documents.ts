import { graphql } from "~/lib/graphql/generated/gql";

/** A CV uploaded with purpose resume_import, read into a draft to confirm (nothing is saved). */
export const IMPORT_RESUME = graphql(`
  mutation ImportResume($uploadId: ID!) {
    importResume(uploadId: $uploadId) {
      __typename
      ... on ResumeImportError {
        code
        message
      }
      ... on ResumeImportDraft {
        source
        headline
        summary
        problems
        personalInfo {
          firstName
          lastName
          email
          phone
          city
        }
        workExperience {
          jobTitle
          companyName
          startDate
          endDate
          current
          summary
        }
        education {
          studyProgram
          institution
          startDate
          endDate
          current
        }
        languages {
          name
          levelWritten
          level
          language {
            tid
            label
          }
        }
        skills {
          tid
          label
        }
        skillsFree
      }
    }
  }
`);

/** The applicant's resume as a JSON Resume document, for the download. */
export const MY_RESUME_JSON_RESUME = graphql(`
  query MyResumeJsonResume {
    myResumeJsonResume {
      __typename
      ... on ResumeJsonResume {
        document
        fileName
      }
      ... on ResumeImportError {
        code
        message
      }
    }
  }
`);


export const IMPORT_SAVE_PERSONAL_INFO = graphql(`
  mutation ImportSavePersonalInfo($input: ResumePersonalInfoInput!) {
    savePersonalInfo(input: $input) {
      __typename
      ...ResumeErrorFields
    }
  }
`);

export const IMPORT_SAVE_JOB_PREFERENCES = graphql(`
  mutation ImportSaveJobPreferences($input: ResumeJobPreferencesInput!) {
    saveJobPreferences(input: $input) {
      __typename
      ...ResumeErrorFields
    }
  }
`);

export const IMPORT_ADD_WORK_EXPERIENCE = graphql(`
  mutation ImportAddWorkExperience($input: ResumeWorkExperienceInput!) {
    addWorkExperience(input: $input) {
      __typename
      ...ResumeErrorFields
    }
  }
`);

export const IMPORT_ADD_EDUCATION = graphql(`
  mutation ImportAddEducation($input: ResumeEducationInput!) {
    addEducation(input: $input) {
      __typename
      ...ResumeErrorFields
    }
  }
`);

export const IMPORT_SET_LANGUAGES = graphql(`
  mutation ImportSetLanguages($input: ResumeLanguagesInput!) {
    setLanguages(input: $input) {
      __typename
      ...ResumeErrorFields
    }
  }
`);

export const IMPORT_SET_SKILLS = graphql(`
  mutation ImportSetSkills($input: ResumeSkillsInput!) {
    setSkills(input: $input) {
      __typename
      ...ResumeErrorFields
    }
  }
`);
