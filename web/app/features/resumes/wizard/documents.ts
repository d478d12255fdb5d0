import { graphql } from "~/lib/graphql/generated/gql";
import type { ResumeWizardFieldsFragment } from "~/lib/graphql/generated/graphql";

/** Everything the applicant's own resume pages show and edit (the owner sees every field). */
export const RESUME_WIZARD_FIELDS = graphql(`
  fragment ResumeWizardFields on Resume {
    id
    title
    salutation
    about
    updatedAt
    firstName
    lastName
    phone
    birthday
    homeLocation {
      locality
      countryCode
      administrativeArea
      zip
    }
    findable
    searchable
    completeness {
      percent
      missing
      complete
    }
    desiredOccupation {
      tid
      label
    }
    employmentTypes {
      tid
      label
    }
    desiredLocation {
      locality
      countryCode
      administrativeArea
      zip
    }
    desiredSalary {
      min
      max
      currency
      unit
    }
    careerStatus
    availableStart
    availabilityPeriods
    languages {
      language {
        tid
        label
      }
      level
    }
    languagesFree
    languageNotes
    skills {
      tid
      label
    }
    skillsFree
    skillsNotes
    education {
      id
      institution
      degreeLevel {
        tid
        label
      }
      fieldOfStudy {
        tid
        label
      }
      studyProgram
      location {
        locality
        countryCode
        administrativeArea
        zip
      }
      startDate
      endDate
      summary
    }
    workExperience {
      id
      jobTitle
      occupation {
        tid
        label
      }
      employmentType {
        tid
        label
      }
      companyName
      location {
        locality
        countryCode
        administrativeArea
        zip
      }
      startDate
      endDate
      summary
    }
  }
`);

export type WizardResume = ResumeWizardFieldsFragment;

/** The signed-in applicant's resume (null before the first save) and the site's configuration. */
export const RESUME_WIZARD_RESUME = graphql(`
  query ResumeWizardResume {
    myResume {
      ...ResumeWizardFields
    }
    resumeConfiguration {
      nulledFields
      privateFields
    }
  }
`);

// Each mutation spells its answer's union members inline: the client cache has no
// possibleTypes map, so a fragment on the ResumeResult union would not match.
export const SAVE_PERSONAL_INFO = graphql(`
  mutation ResumeWizardSavePersonalInfo($input: ResumePersonalInfoInput!) {
    savePersonalInfo(input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const SAVE_JOB_PREFERENCES = graphql(`
  mutation ResumeWizardSaveJobPreferences($input: ResumeJobPreferencesInput!) {
    saveJobPreferences(input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const ADD_EDUCATION = graphql(`
  mutation ResumeWizardAddEducation($input: ResumeEducationInput!) {
    addEducation(input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const UPDATE_EDUCATION = graphql(`
  mutation ResumeWizardUpdateEducation($id: ID!, $input: ResumeEducationInput!) {
    updateEducation(id: $id, input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const REMOVE_EDUCATION = graphql(`
  mutation ResumeWizardRemoveEducation($id: ID!) {
    removeEducation(id: $id) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const REORDER_EDUCATION = graphql(`
  mutation ResumeWizardReorderEducation($ids: [ID!]!) {
    reorderEducation(ids: $ids) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const ADD_WORK_EXPERIENCE = graphql(`
  mutation ResumeWizardAddWorkExperience($input: ResumeWorkExperienceInput!) {
    addWorkExperience(input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const UPDATE_WORK_EXPERIENCE = graphql(`
  mutation ResumeWizardUpdateWorkExperience($id: ID!, $input: ResumeWorkExperienceInput!) {
    updateWorkExperience(id: $id, input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const REMOVE_WORK_EXPERIENCE = graphql(`
  mutation ResumeWizardRemoveWorkExperience($id: ID!) {
    removeWorkExperience(id: $id) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const REORDER_WORK_EXPERIENCE = graphql(`
  mutation ResumeWizardReorderWorkExperience($ids: [ID!]!) {
    reorderWorkExperience(ids: $ids) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const SET_LANGUAGES = graphql(`
  mutation ResumeWizardSetLanguages($input: ResumeLanguagesInput!) {
    setLanguages(input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const SET_SKILLS = graphql(`
  mutation ResumeWizardSetSkills($input: ResumeSkillsInput!) {
    setSkills(input: $input) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const SET_RESUME_VISIBILITY = graphql(`
  mutation ResumeWizardSetVisibility($findable: Boolean!) {
    setResumeVisibility(findable: $findable) {
      __typename
      ... on ResumeSaved {
        resume {
          ...ResumeWizardFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const DELETE_MY_RESUME = graphql(`
  mutation ResumeWizardDeleteMyResume {
    deleteMyResume {
      __typename
      ... on ResumeDeleted {
        id
      }
      ...ResumeErrorFields
    }
  }
`);

/** Places for the city fields (search's gazetteer). */
export const RESUME_WIZARD_PLACES = graphql(`
  query ResumeWizardPlaces($text: String!, $limit: Int!) {
    locationSuggestions(text: $text, limit: $limit) {
      label
      locationType
      country
      administrativeArea
    }
  }
`);
