/**
 * Two small but real federation subgraphs (identity, jobs) served over HTTP on ephemeral ports.
 * Their SDL is the fixture SDL, so the composed supergraph matches what they serve.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { composeSubgraphs, type SubgraphSource } from '../../src/compose.js';

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export function fixtureSdl(name: string): string {
  return readFileSync(path.join(fixturesDir, `${name}.graphql`), 'utf8');
}

const users: Record<string, { id: string; name: string }> = {
  u1: { id: 'u1', name: 'Ada Lovelace' },
  u2: { id: 'u2', name: 'Grace Hopper' },
};
const jobs = [
  { id: 'j1', title: 'Analytical Engineer', postedById: 'u1' },
  { id: 'j2', title: 'Compiler Engineer', postedById: 'u2' },
  { id: 'j3', title: 'Programmer', postedById: 'u1' },
];

type SubgraphModule = Extract<Parameters<typeof buildSubgraphSchema>[0], { typeDefs: unknown }>;
type Resolvers = NonNullable<SubgraphModule['resolvers']>;

const resolvers: Record<string, Resolvers> = {
  identity: {
    Query: {
      currentUser: () => users.u1,
      user: (_: unknown, { id }: { id: string }) => users[id] ?? null,
    },
    User: {
      __resolveReference: ({ id }: { id: string }) => users[id] ?? null,
    },
  },
  jobs: {
    Query: {
      jobs: () => jobs,
      job: (_: unknown, { id }: { id: string }) => jobs.find((job) => job.id === id) ?? null,
    },
    Job: {
      __resolveReference: ({ id }: { id: string }) => jobs.find((job) => job.id === id) ?? null,
      postedBy: (job: { postedById: string }) => ({ __typename: 'User', id: job.postedById }),
    },
    User: {
      postedJobs: (user: { id: string }) => jobs.filter((job) => job.postedById === user.id),
    },
  },
};

export interface ReceivedRequest {
  subgraph: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface TestSubgraphs {
  sources: SubgraphSource[];
  urls: Record<string, string>;
  received: ReceivedRequest[];
  supergraphSdl: string;
  stop(): Promise<void>;
}

export async function startTestSubgraphs(): Promise<TestSubgraphs> {
  const received: ReceivedRequest[] = [];
  const servers: ApolloServer[] = [];
  const sources: SubgraphSource[] = [];
  for (const name of ['identity', 'jobs']) {
    const sdl = fixtureSdl(name);
    const server = new ApolloServer({
      schema: buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolvers[name] }),
      plugins: [ApolloServerPluginInlineTraceDisabled()],
    });
    const { url } = await startStandaloneServer(server, {
      listen: { port: 0, host: '127.0.0.1' },
      context: async ({ req }) => {
        received.push({ subgraph: name, headers: { ...req.headers } });
        return {};
      },
    });
    servers.push(server);
    // startStandaloneServer serves every path; the gateway uses /graphql like our services.
    sources.push({ name, url: new URL('/graphql', url).toString(), sdl });
  }
  // The supergraph records deliberately wrong URLs: the gateway must use the overrides.
  const outcome = composeSubgraphs(
    sources.map((source) => ({ ...source, url: `http://127.0.0.1:9/${source.name}` })),
  );
  if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
  return {
    sources,
    urls: Object.fromEntries(sources.map((source) => [source.name, source.url])),
    received,
    supergraphSdl: outcome.supergraphSdl,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
