import { useQuery } from "@apollo/client/react";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { APP_CONFIG } from "~/lib/app-config";
import {
  CREATE_ORGANIZATION,
  INVITE_ORGANIZATION_MEMBER,
  LEAVE_ORGANIZATION,
  MY_ORGANIZATIONS,
  ORGANIZATION_MEMBERS,
  ORGANIZATION_MEMBERS_PAGE,
  ORGANIZATION_PROFILE_EDITOR,
  SET_ACTIVE_ORGANIZATION,
  TERMS,
  UPDATABLE_ORGANIZATION_PROFILES,
  UPDATE_ORGANIZATION_GALLERY,
  UPDATE_ORGANIZATION_INFO,
} from "./documents";
import { ActiveOrganizationSwitch } from "./ActiveOrganizationSwitch";
import { moveItem } from "./form-kit";
import { OrganizationEditorPage } from "./OrganizationEditorPage";
import { OrganizationListPage } from "./OrganizationListPage";
import { OrganizationMembersPage } from "./OrganizationMembersPage";

function renderAt(page: ReactElement, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => page },
    { path: "/dashboard/organization/:id/edit", Component: () => <p>editor of the new profile</p> },
    { path: "/dashboard/organization", Component: () => <p>your organizations</p> },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const address = (locality: string) => ({
  __typename: "Address",
  countryCode: "DE",
  addressLine1: null,
  addressLine2: null,
  administrativeArea: null,
  locality,
  zip: null,
});

const image = (id: string, style: string, alt = "") => ({
  __typename: "Image",
  url: `http://files.test/files/${id}/${style}`,
  alt,
  title: null,
});

const profile = {
  __typename: "OrganizationProfile",
  id: "p1",
  slug: "acme",
  status: "DRAFT",
  name: "Acme",
  alternativeName: null,
  logo: { __typename: "Image", uploadId: "logo-1", url: "http://files.test/files/logo-1/job_squared_logo_medium", alt: "Acme logo" },
  cover: null,
  organizationLocation: address("Berlin"),
  website: null,
  socialProfiles: {
    __typename: "SocialProfiles",
    facebook: null,
    twitter: null,
    linkedin: null,
    youtube: null,
    xing: null,
    instagram: null,
    tiktok: null,
    blueSky: null,
  },
  personalInfo: null,
  companyInfo: null,
  presentation: null,
  industry: null,
  size: null,
  occupation: [],
  fieldsOfStudy: [],
  benefits: [],
  contactPersons: [],
  gallery: ["g1", "g2", "g3"].map((id) => ({
    __typename: "GalleryImage",
    uploadId: id,
    image: image(id, "gallery", `Alt ${id}`),
    thumbnail: { __typename: "Image", url: `http://files.test/files/${id}/thumbnail` },
  })),
  videos: [],
  locations: [],
  faq: [],
  attachments: [],
  organization: { __typename: "Organization", id: "o1", name: "Acme", ownerId: "u1" },
  publishedAt: null,
  updatedAt: "2026-11-20T10:00:00Z",
};

/** The site's settings: `entries` of getAppConfig (none: every platform default). */
function siteConfig(entries: { key: string; name: string; value: unknown }[] = []): MockLink.MockedResponse {
  return {
    request: { query: APP_CONFIG },
    result: { data: { getAppConfig: entries.map((entry) => ({ __typename: "AppConfigEntry", ...entry })) } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const noTerms: MockLink.MockedResponse = {
  request: { query: TERMS, variables: () => true },
  result: { data: { terms: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const editorMocks: MockLink.MockedResponse[] = [
  siteConfig(),
  { request: { query: ORGANIZATION_PROFILE_EDITOR, variables: { id: "p1" } }, result: { data: { organizationProfile: profile } } },
  noTerms,
];

const saved = (field: string) => ({ data: { [field]: { __typename: "OrganizationProfileSaved", profile } } });

describe("OrganizationListPage", () => {
  it("creates an organization and opens its editor", async () => {
    const user = userEvent.setup();
    const list = { request: { query: UPDATABLE_ORGANIZATION_PROFILES }, result: { data: { updatableOrganizationProfiles: [] } } };
    renderAt(<OrganizationListPage />, [
      list,
      {
        request: { query: CREATE_ORGANIZATION, variables: { input: { name: "Initech" } } },
        result: {
          data: {
            createOrganization: {
              __typename: "OrganizationProfileSaved",
              profile: { __typename: "OrganizationProfile", id: "p9", slug: "initech", status: "DRAFT", name: "Initech" },
            },
          },
        },
      },
      list,
    ]);
    const form = await screen.findByRole("region", { name: "Create an organization" });
    await user.click(within(form).getByRole("button", { name: "Create the organization" }));
    expect(within(form).getByText("Enter the organization's name.")).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Organization name/), "Initech");
    await user.click(within(form).getByRole("button", { name: "Create the organization" }));
    expect(await screen.findByText("editor of the new profile")).toBeInTheDocument();
  });
});

// The editor mounts every section (each tab keeps its form): rendering it takes a while in jsdom.
const EDITOR_TIMEOUT = 120_000;

describe("OrganizationEditorPage", () => {
  it("saves the organization info, keeping the logo, and shows the website error under its input", async () => {
    const user = userEvent.setup();
    renderAt(<OrganizationEditorPage id="p1" />, [
      ...editorMocks,
      {
        request: {
          query: UPDATE_ORGANIZATION_INFO,
          variables: {
            id: "p1",
            input: {
              name: "Acme Corp",
              alternativeName: null,
              logoUploadId: "logo-1",
              coverUploadId: null,
              organizationLocation: {
                countryCode: "DE",
                locality: "Berlin",
                addressLine1: null,
                addressLine2: null,
                administrativeArea: null,
                zip: null,
              },
              website: "https://acme.invalid",
              socialProfiles: {
                facebook: null,
                twitter: null,
                linkedin: null,
                youtube: null,
                xing: null,
                instagram: null,
                tiktok: null,
                blueSky: null,
              },
            },
          },
        },
        result: {
          data: {
            updateOrganizationInfo: {
              __typename: "OrganizationErrors",
              message: "Please check the website.",
              errors: [
                { __typename: "OrganizationError", field: "website", code: "INVALID", message: "The website cannot be reached." },
              ],
            },
          },
        },
      },
    ]);
    const info = await screen.findByRole("region", { name: "Organization info" });
    expect(screen.getByRole("region", { name: "Status" })).toHaveTextContent("Draft");
    expect(screen.getByRole("link", { name: "View public page" })).toHaveAttribute("href", "/organization/acme");
    const name = within(info).getByLabelText(/^Organization name/);
    await user.click(name);
    await user.keyboard(" Corp");
    await user.click(within(info).getByLabelText(/^Website/));
    await user.paste("https://acme.invalid");
    await user.click(within(info).getByRole("button", { name: "Save organization info" }));
    await waitFor(() =>
      expect(within(info).getByLabelText(/^Website/)).toHaveAccessibleDescription("The website cannot be reached."),
    );
    expect(within(info).queryByRole("alert")).not.toBeInTheDocument();
  }, EDITOR_TIMEOUT);

  it("hides the networks the site leaves out (the US variant's xing) and saves them empty", async () => {
    const user = userEvent.setup();
    const linked = {
      ...profile,
      socialProfiles: {
        ...profile.socialProfiles,
        linkedin: "https://www.linkedin.com/company/acme",
        xing: "https://www.xing.com/pages/acme",
      },
    };
    const usVariant = ["facebook", "twitter", "linkedin", "youtube", "instagram", "tiktok", "blue_sky"];
    renderAt(<OrganizationEditorPage id="p1" />, [
      siteConfig([{ key: "organizations", name: "social_profiles", value: usVariant }]),
      { request: { query: ORGANIZATION_PROFILE_EDITOR, variables: { id: "p1" } }, result: { data: { organizationProfile: linked } } },
      noTerms,
      {
        request: {
          query: UPDATE_ORGANIZATION_INFO,
          variables: {
            id: "p1",
            input: {
              name: "Acme",
              alternativeName: null,
              logoUploadId: "logo-1",
              coverUploadId: null,
              organizationLocation: {
                countryCode: "DE",
                locality: "Berlin",
                addressLine1: null,
                addressLine2: null,
                administrativeArea: null,
                zip: null,
              },
              website: null,
              socialProfiles: {
                facebook: null,
                twitter: null,
                linkedin: "https://www.linkedin.com/company/acme",
                youtube: null,
                xing: null,
                instagram: null,
                tiktok: null,
                blueSky: "https://bsky.app/profile/acme.example",
              },
            },
          },
        },
        result: saved("updateOrganizationInfo"),
      },
    ]);
    const info = await screen.findByRole("region", { name: "Organization info" });
    const social = within(info).getByRole("group", { name: "Social profiles" });
    await waitFor(() => expect(within(social).queryByLabelText("XING")).not.toBeInTheDocument());
    expect(within(social).getAllByRole("textbox")).toHaveLength(7);
    expect(within(social).getByLabelText("LinkedIn")).toHaveValue("https://www.linkedin.com/company/acme");
    await user.click(within(social).getByLabelText("Bluesky"));
    await user.paste("https://bsky.app/profile/acme.example");
    await user.click(within(info).getByRole("button", { name: "Save organization info" }));
    expect(await within(info).findByText("Organization info: your changes were saved.")).toBeInTheDocument();
  }, EDITOR_TIMEOUT);

  it("reorders the gallery and saves the images in the new order", async () => {
    const user = userEvent.setup();
    renderAt(<OrganizationEditorPage id="p1" />, [
      ...editorMocks,
      {
        request: {
          query: UPDATE_ORGANIZATION_GALLERY,
          variables: {
            id: "p1",
            input: {
              items: [
                { uploadId: "g2", alt: "Alt g2", title: null },
                { uploadId: "g1", alt: "Alt g1", title: null },
                { uploadId: "g3", alt: "The office", title: null },
              ],
            },
          },
        },
        result: saved("updateOrganizationGallery"),
      },
    ]);
    await user.click(await screen.findByRole("tab", { name: "Gallery" }));
    const gallery = screen.getByRole("region", { name: "Gallery" });
    const firstUp = within(gallery).getByRole("button", { name: "Move image 1 up" });
    expect(firstUp).toBeDisabled();
    within(gallery).getByRole("button", { name: "Move image 1 down" }).focus();
    await user.keyboard("{Enter}");
    const alt = within(gallery).getByLabelText(/^Alternative text of image 3/);
    await user.clear(alt);
    await user.click(alt);
    await user.paste("The office");
    expect(within(gallery).getAllByTestId("gallery-item").map((item) => within(item).getByRole("img").getAttribute("alt"))).toEqual([
      "Alt g2",
      "Alt g1",
      "The office",
    ]);
    await user.click(within(gallery).getByRole("button", { name: "Save gallery" }));
    expect(await within(gallery).findByText("Gallery: your changes were saved.")).toBeInTheDocument();
  }, EDITOR_TIMEOUT);

  it("shows an upload refusal under the picker", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () =>
      Response.json({ error: "image_too_small", message: "The image must be at least 400 pixels wide." }, { status: 422 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<OrganizationEditorPage id="p1" />, editorMocks);
    await user.click(await screen.findByRole("tab", { name: "Gallery" }));
    const gallery = screen.getByRole("region", { name: "Gallery" });
    const picker = within(gallery).getByLabelText(/^Add images/);
    await user.upload(picker, new File(["png"], "tiny.png", { type: "image/png" }));
    await waitFor(() =>
      expect(within(gallery).getByLabelText(/^Add images/)).toHaveAccessibleDescription(
        expect.stringContaining("The image must be at least 400 pixels wide."),
      ),
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(within(gallery).getAllByTestId("gallery-item")).toHaveLength(3);
    vi.unstubAllGlobals();
  }, EDITOR_TIMEOUT);
});

describe("moveItem", () => {
  it("moves one item and keeps the others in order", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b"], 0, 5)).toEqual(["a", "b"]);
  });
});

describe("OrganizationMembersPage", () => {
  it("lists members and invitations and confirms a sent invitation", async () => {
    const user = userEvent.setup();
    const members = {
      request: { query: ORGANIZATION_MEMBERS, variables: { organizationId: "o1" } },
      result: {
        data: {
          organizationMembers: [
            { __typename: "Member", role: "owner", user: { __typename: "User", id: "u1", name: "Olga Owner" } },
            { __typename: "Member", role: "recruiter", user: { __typename: "User", id: "u2", name: "Rita Recruiter" } },
          ],
          organizationInvitations: [],
        },
      },
    };
    renderAt(<OrganizationMembersPage id="p1" />, [
      {
        request: { query: ORGANIZATION_MEMBERS_PAGE, variables: { id: "p1" } },
        result: {
          data: {
            currentUser: { __typename: "User", id: "u2" },
            organizationProfile: {
              __typename: "OrganizationProfile",
              id: "p1",
              slug: "acme",
              name: "Acme",
              organization: { __typename: "Organization", id: "o1", name: "Acme", ownerId: "u1" },
            },
          },
        },
      },
      members,
      {
        request: { query: INVITE_ORGANIZATION_MEMBER, variables: { organizationId: "o1", email: "new@acme.test" } },
        result: {
          data: {
            inviteOrganizationMember: {
              __typename: "InvitationSent",
              email: "new@acme.test",
              expiresAt: "2026-12-01T12:00:00Z",
            },
          },
        },
      },
      members,
    ]);
    const list = await screen.findByRole("region", { name: "Members" });
    expect(await within(list).findByText("Olga Owner")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Leave organization" })).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Remove Olga Owner" })).not.toBeInTheDocument();

    const invite = screen.getByRole("region", { name: "Invite a recruiter" });
    await user.type(within(invite).getByLabelText(/^Email address/), "new@acme.test");
    await user.click(within(invite).getByRole("button", { name: "Send the invitation" }));
    expect(await within(invite).findByRole("status")).toHaveTextContent("Invitation sent to new@acme.test.");
    expect(within(invite).getByLabelText(/^Email address/)).toHaveValue("");
  });
});

const membersPage = {
  request: { query: ORGANIZATION_MEMBERS_PAGE, variables: { id: "p1" } },
  result: {
    data: {
      currentUser: { __typename: "User", id: "u2" },
      organizationProfile: {
        __typename: "OrganizationProfile",
        id: "p1",
        slug: "acme",
        name: "Acme",
        organization: { __typename: "Organization", id: "o1", name: "Acme", ownerId: "u1" },
      },
    },
  },
};

const acmeMembers = {
  request: { query: ORGANIZATION_MEMBERS, variables: { organizationId: "o1" } },
  result: {
    data: {
      organizationMembers: [
        { __typename: "Member", role: "owner", user: { __typename: "User", id: "u1", name: "Olga Owner" } },
        { __typename: "Member", role: "recruiter", user: { __typename: "User", id: "u2", name: "Rita Recruiter" } },
      ],
      organizationInvitations: [],
    },
  },
};

const leaving = (answer: Record<string, unknown>) => ({
  request: { query: LEAVE_ORGANIZATION, variables: { organizationId: "o1" } },
  result: { data: { leaveOrganization: answer } },
});

describe("leaving an organization", () => {
  it("asks first, leaves, and goes back to your organizations", async () => {
    const user = userEvent.setup();
    renderAt(<OrganizationMembersPage id="p1" />, [
      membersPage,
      acmeMembers,
      leaving({ __typename: "MembershipChanged", organization: { __typename: "Organization", id: "o1" } }),
    ]);
    const list = await screen.findByRole("region", { name: "Members" });
    await user.click(await within(list).findByRole("button", { name: "Leave organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave this organization?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave the organization" }));
    expect(await screen.findByText("your organizations")).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const user = userEvent.setup();
    renderAt(<OrganizationMembersPage id="p1" />, [
      membersPage,
      acmeMembers,
      leaving({
        __typename: "OrganizationErrors",
        message: "The input has 1 invalid field.",
        errors: [
          {
            __typename: "OrganizationError",
            field: "userId",
            code: "OWNER_CANNOT_LEAVE",
            message: "The owner cannot leave or be removed.",
          },
        ],
      }),
    ]);
    const list = await screen.findByRole("region", { name: "Members" });
    await user.click(await within(list).findByRole("button", { name: "Leave organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave this organization?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave the organization" }));
    expect(await within(dialog).findByText("The owner cannot leave or be removed.")).toBeInTheDocument();
    expect(screen.queryByText("your organizations")).not.toBeInTheDocument();
  });
});

function myOrganizations(activeId: string, names: Record<string, string>): MockLink.MockedResponse {
  const organization = (id: string) => ({ __typename: "Organization", id, name: names[id] });
  return {
    request: { query: MY_ORGANIZATIONS },
    result: {
      data: {
        currentUser: {
          __typename: "User",
          id: "u1",
          activeOrganization: organization(activeId),
          organizations: Object.keys(names).map(organization),
        },
      },
    },
  };
}

const THREE = { o1: "Harbor Trust", o2: "Meadow Aid", o3: "River Fund" };

describe("ActiveOrganizationSwitch", () => {
  it("is not there for a recruiter of one organization", async () => {
    function Loaded() {
      const { data } = useQuery(MY_ORGANIZATIONS);
      return data ? <p>loaded</p> : null;
    }
    const one = { ...myOrganizations("o1", { o1: "Harbor Trust" }), maxUsageCount: Number.POSITIVE_INFINITY };
    renderAt(
      <>
        <ActiveOrganizationSwitch />
        <Loaded />
      </>,
      [one],
    );
    expect(await screen.findByText("loaded")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Active organization" })).not.toBeInTheDocument();
  });

  it("switches to another of your organizations and says so", async () => {
    const user = userEvent.setup();
    renderAt(<ActiveOrganizationSwitch />, [
      myOrganizations("o1", THREE),
      {
        request: { query: SET_ACTIVE_ORGANIZATION, variables: { organizationId: "o3" } },
        result: {
          data: {
            setActiveOrganization: {
              __typename: "MembershipChanged",
              organization: { __typename: "Organization", id: "o3", name: "River Fund" },
            },
          },
        },
      },
      myOrganizations("o3", THREE),
    ]);
    const section = await screen.findByRole("region", { name: "Active organization" });
    expect(within(section).getByRole("radio", { name: "Harbor Trust" })).toBeChecked();
    await user.click(within(section).getByRole("radio", { name: "River Fund" }));
    await user.click(within(section).getByRole("button", { name: "Switch organization" }));
    expect(await within(section).findByRole("status")).toHaveTextContent("You now work for River Fund.");
    expect(within(section).getByRole("radio", { name: "River Fund" })).toBeChecked();
    expect(within(section).getByText("River Fund is active.")).toBeInTheDocument();
  });

  it("shows a refusal in the danger list and keeps the choice", async () => {
    const user = userEvent.setup();
    renderAt(<ActiveOrganizationSwitch />, [
      myOrganizations("o1", THREE),
      {
        request: { query: SET_ACTIVE_ORGANIZATION, variables: { organizationId: "o2" } },
        result: {
          data: {
            setActiveOrganization: {
              __typename: "OrganizationErrors",
              message: "The input has 1 invalid field.",
              errors: [
                {
                  __typename: "OrganizationError",
                  field: null,
                  code: "FORBIDDEN",
                  message: "Only members of this organization and administrators may change it.",
                },
              ],
            },
          },
        },
      },
      myOrganizations("o1", THREE),
    ]);
    const section = await screen.findByRole("region", { name: "Active organization" });
    await user.click(within(section).getByRole("radio", { name: "Meadow Aid" }));
    await user.click(within(section).getByRole("button", { name: "Switch organization" }));
    expect(
      await within(section).findByText("Only members of this organization and administrators may change it."),
    ).toBeInTheDocument();
    expect(within(section).getByRole("radio", { name: "Meadow Aid" })).toBeChecked();
  });
});
