import { graphql } from "~/lib/graphql/generated/gql";
import type { OrganizationPublicProfileQuery } from "~/lib/graphql/generated/graphql";

export const PUBLIC_ADDRESS = graphql(`
  fragment PublicAddress on Address {
    countryCode
    addressLine1
    addressLine2
    administrativeArea
    locality
    zip
  }
`);

export const PUBLIC_TERM = graphql(`
  fragment PublicTerm on Term {
    tid
    label
    alias
  }
`);

/** Every public group of a profile; personalInfo (invoicing) is never asked for here. */
export const ORGANIZATION_PUBLIC_PROFILE = graphql(`
  query OrganizationPublicProfile($slug: String!) {
    organizationProfile(slug: $slug) {
      id
      slug
      status
      name
      verified
      alternativeName
      url {
        path
      }
      organization {
        id
      }
      logo {
        url
        alt
        title
      }
      cover {
        url
        alt
        title
      }
      organizationLocation {
        ...PublicAddress
      }
      website
      socialProfiles {
        facebook
        twitter
        linkedin
        youtube
        xing
        instagram
        tiktok
        blueSky
      }
      companyInfo {
        name
        address {
          ...PublicAddress
        }
      }
      presentation
      industry {
        ...PublicTerm
      }
      size {
        ...PublicTerm
      }
      occupation {
        ...PublicTerm
      }
      fieldsOfStudy {
        ...PublicTerm
      }
      benefits {
        ...PublicTerm
      }
      contactPersons {
        salutation
        firstName
        lastName
        photo {
          url
          alt
        }
        email
        position
        phone
        linkedinProfile
        contactInfo
      }
      gallery {
        uploadId
        image {
          url
          alt
          title
        }
        thumbnail {
          url
          alt
        }
      }
      videos {
        source
        embedUrl
        cover {
          url
          alt
        }
        coverTitle
      }
      locations {
        name
        address {
          ...PublicAddress
        }
      }
      faq {
        question
        answer
      }
      attachments {
        uploadId
        title
        url
      }
      metatags {
        meta
        value
      }
    }
  }
`);

export type PublicProfile = NonNullable<OrganizationPublicProfileQuery["organizationProfile"]>;
