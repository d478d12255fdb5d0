// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApolloClient } from "~/lib/apollo/create-apollo-client";
import { loadHome } from "./load-home";

// A real local HTTP server standing in for the gateway: the batches as the web server sends them.
let gateway: Server | undefined;

afterEach(async () => {
  const running = gateway;
  gateway = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

const ANSWERS: Record<string, unknown> = {
  HomeJobs: {
    jobSearch: { __typename: "JobSearchResults", total: 3, hits: [], facets: [] },
    terms: [],
  },
  HomeOrganizations: { organizationSearch: { __typename: "OrganizationSearchResults", total: 2, hits: [] } },
  HomeTopJobs: { topJobs: [] },
  HomeVideoJobs: { videoJobs: { __typename: "VideoJobs", hits: [] } },
  HomeEmploymentTypes: { terms: [{ __typename: "Term", tid: 7, alias: "internship" }] },
  HomeTraining: {
    jobSearch: {
      __typename: "JobSearchResults",
      hits: [
        {
          __typename: "JobSearchHit",
          organizationId: "org-1",
          organizationName: "Trainer",
          organizationSlug: "trainer",
          logoUrl: null,
          job: null,
        },
      ],
      facets: [{ __typename: "JobSearchFacet", field: "company", values: [{ value: "org-1", count: 4 }] }],
    },
  },
};

/**
 * Answers every batch at once, except the one with the week's most viewed jobs (the slow query on
 * the demo board): that one is held until the training search has been asked (or, so that the test
 * ends either way, for at most 2 s). Records each batch's operations and when it was answered.
 */
async function gatewayHoldingTopJobs(): Promise<{ uri: string; events: string[] }> {
  const events: string[] = [];
  let trainingAsked: () => void = () => undefined;
  const training = new Promise<void>((resolve) => {
    trainingAsked = resolve;
  });
  gateway = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const batch = JSON.parse(body) as { operationName: string }[];
      const names = batch.map((operation) => operation.operationName);
      events.push(`asked ${names.join(",")}`);
      if (names.includes("HomeTraining")) trainingAsked();
      const held = names.includes("HomeTopJobs")
        ? Promise.race([training, new Promise((resolve) => setTimeout(resolve, 2_000))])
        : Promise.resolve();
      void held.then(() => {
        events.push(`answered ${names.join(",")}`);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(names.map((name) => ({ data: ANSWERS[name] }))));
      });
    });
  });
  await new Promise<void>((resolve) => gateway?.listen(0, "127.0.0.1", resolve));
  return { uri: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/graphql`, events };
}

describe("the home page loader's batches", () => {
  it("asks for the training organizations while the page's other queries are still out", async () => {
    const { uri, events } = await gatewayHoldingTopJobs();
    const client = createApolloClient({ uri, frontendName: "jobboard", ssrMode: true });
    const home = await loadHome(client);
    expect(events).toEqual([
      // the loaders' batch and the training chain's first query go at once, each in its batch
      expect.stringMatching(/^asked /),
      expect.stringMatching(/^asked /),
      "answered HomeEmploymentTypes",
      "asked HomeTraining",
      "answered HomeTraining",
      "answered HomeJobs,HomeOrganizations,HomeTopJobs,HomeVideoJobs",
    ]);
    expect(events.slice(0, 2).sort()).toEqual([
      "asked HomeEmploymentTypes",
      "asked HomeJobs,HomeOrganizations,HomeTopJobs,HomeVideoJobs",
    ]);
    // the same data as when they went one after the other
    expect(home.jobCount).toBe(3);
    expect(home.organizationCount).toBe(2);
    expect(home.trainingOrganizations).toEqual([
      {
        organizationId: "org-1",
        name: "Trainer",
        slug: "trainer",
        logoUrl: null,
        cover: null,
        count: 4,
        jobsHref: "/jobs?employmentType=7&company=org-1",
      },
    ]);
    expect(home.trainingJobsHref).toBe("/jobs?employmentType=7");
  });
});
