import {
  GraphQLError,
  Kind,
  getNullableType,
  getVariableValues,
  isListType,
  parse,
  validate,
  visit,
  type ASTNode,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import {
  createComplexityRule,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';

export const QUERY_TOO_DEEP = 'QUERY_TOO_DEEP';
export const QUERY_TOO_COSTLY = 'QUERY_TOO_COSTLY';

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
}

const badRequest = { http: { status: 400, headers: new Map<string, string>() } };

function limitError(message: string, code: string, details: Record<string, number>): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...details, ...badRequest } });
}

/** Introspection (`__schema`, `__type`) is neither deep nor costly for our purposes: tools must work. */
function isIntrospectionField(name: string): boolean {
  return name.startsWith('__');
}

/**
 * Rejects operations whose selection nesting exceeds `maxDepth`. Fragments are expanded;
 * introspection subtrees are ignored, so GraphiQL and codegen keep working.
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }

    const depthOf = (selectionSet: SelectionSetNode, visiting: Set<string>): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (isIntrospectionField(selection.name.value)) continue;
          const below = selection.selectionSet ? depthOf(selection.selectionSet, visiting) : 0;
          deepest = Math.max(deepest, 1 + below);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, visiting));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // Unknown or cyclic fragments are reported by the standard rules.
          if (!fragment || visiting.has(name)) continue;
          visiting.add(name);
          deepest = Math.max(deepest, depthOf(fragment.selectionSet, visiting));
          visiting.delete(name);
        }
      }
      return deepest;
    };

    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, new Set());
        if (depth > maxDepth) {
          const name = operation.name ? `'${operation.name.value}' ` : '';
          context.reportError(
            limitError(
              `Operation ${name}has depth ${depth}, which exceeds the maximum depth of ${maxDepth}.`,
              QUERY_TOO_DEEP,
              { depth, maxDepth },
            ),
          );
        }
        return false;
      },
    };
  };
}

/** Introspection costs nothing; without this the estimator would count the whole `__schema` tree. */
const introspectionEstimator: ComplexityEstimator = ({ field, type }) =>
  isIntrospectionField(field.name) || type.name.startsWith('__') ? 0 : undefined;

/** List arguments that bound how many items a list field returns. */
export const LIST_SIZE_ARGUMENTS = ['first', 'limit'] as const;
/**
 * The multiplier of a list field without a size argument. Such lists are small by design (a
 * user's roles, a profile's benefits); every list that can grow takes `first` or `limit`.
 */
export const DEFAULT_LIST_SIZE = 1;

/**
 * The root fields that run a search (an Elasticsearch query, or several): each costs
 * `SEARCH_FIELD_COST` on top of its selections, so one request (or one batch, whose cost is its
 * operations' sum) runs at most `maxCost / SEARCH_FIELD_COST` searches (ADR 0022).
 */
export const SEARCH_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'jobSearch',
  'organizationSearch',
  'recommendedJobs',
  'locationSuggestions',
  'resumeSearch',
]);
export const SEARCH_FIELD_COST = 500;

function listSize(args: Record<string, unknown>): number {
  const sizes = LIST_SIZE_ARGUMENTS.map((name) => args[name]).filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  );
  return sizes.length > 0 ? Math.max(...sizes) : DEFAULT_LIST_SIZE;
}

/** A search root field: `SEARCH_FIELD_COST` plus what a list or an object of its size costs. */
const searchEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (type.name !== 'Query' || !SEARCH_ROOT_FIELDS.has(field.name)) return undefined;
  const selections = isListType(getNullableType(field.type)) ? listSize(args) * childComplexity : childComplexity;
  return SEARCH_FIELD_COST + selections;
};

/** A list field costs 1 plus its selections times the number of items it may return. */
const listSizeEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (!isListType(getNullableType(field.type))) return undefined;
  return 1 + listSize(args) * childComplexity;
};

const ESTIMATORS: ComplexityEstimator[] = [
  introspectionEstimator,
  searchEstimator,
  listSizeEstimator,
  simpleEstimator({ defaultComplexity: 1 }),
];

/**
 * Rejects operations whose estimated cost exceeds `maxCost`. Each field costs 1 plus its
 * selections; a list multiplies its selections by its `first`/`limit` argument
 * (`listSizeEstimator`); a search root field costs `SEARCH_FIELD_COST` more; variables are needed for sizes given as variables and `@skip`/`@include`.
 */
export function costLimitRule(maxCost: number, variables: Record<string, unknown> = {}): ValidationRule {
  return createComplexityRule({
    maximumComplexity: maxCost,
    variables,
    estimators: ESTIMATORS,
    createError: (max, actual) =>
      limitError(
        `Operation has an estimated cost of ${actual}, which exceeds the maximum cost of ${max}.`,
        QUERY_TOO_COSTLY,
        { cost: actual, maxCost: max },
      ),
  });
}

/** Runs the depth and cost rules against an already valid operation. */
export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  limits: QueryLimits,
): readonly GraphQLError[] {
  const depthErrors = validate(schema, document, [depthLimitRule(limits.maxDepth)]);
  if (depthErrors.length > 0) return depthErrors;
  return validate(schema, document, [costLimitRule(limits.maxCost, variables ?? {})]);
}

/**
 * The variables a document's depth and cost can depend on: those in a list size argument
 * (`first`, `limit`) and in any directive's arguments (`@include(if:)`, `@skip(if:)`). The depth
 * depends on none; every other variable (a search's input) changes neither.
 */
export function costVariables(document: DocumentNode): readonly string[] {
  const names = new Set<string>();
  const collect = (node: ASTNode) =>
    visit(node, {
      Variable(variable) {
        names.add(variable.name.value);
      },
    });
  visit(document, {
    Field(field) {
      for (const argument of field.arguments ?? []) {
        if ((LIST_SIZE_ARGUMENTS as readonly string[]).includes(argument.name.value)) collect(argument.value);
      }
    },
    Directive(directive) {
      for (const argument of directive.arguments ?? []) collect(argument.value);
    },
  });
  return [...names].sort();
}

/** How many passing variable sets a document's record keeps (then it starts again). */
export const PASSED_PER_DOCUMENT = 64;

/**
 * Remembers, per schema and parsed document (Apollo keeps one document object per query text),
 * the values of its cost variables with which it passed the limits: the same document with the
 * same values passes again, whatever its other variables (ADR 0070). Only passes are kept;
 * a refusal is checked again, and a new schema or document starts with nothing.
 */
export class PassedLimits {
  private readonly bySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, { names: readonly string[]; passed: Set<string> }>>();

  private record(schema: GraphQLSchema, document: DocumentNode) {
    let documents = this.bySchema.get(schema);
    if (!documents) {
      documents = new WeakMap();
      this.bySchema.set(schema, documents);
    }
    let record = documents.get(document);
    if (!record) {
      record = { names: costVariables(document), passed: new Set() };
      documents.set(document, record);
    }
    return record;
  }

  private static key(names: readonly string[], variables: Record<string, unknown> | undefined): string {
    return JSON.stringify(names.map((name) => (variables && name in variables ? [variables[name]] : [])));
  }

  has(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): boolean {
    const { names, passed } = this.record(schema, document);
    return passed.has(PassedLimits.key(names, variables));
  }

  add(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): void {
    const { names, passed } = this.record(schema, document);
    if (passed.size >= PASSED_PER_DOCUMENT) passed.clear();
    passed.add(PassedLimits.key(names, variables));
  }
}

/**
 * Apollo Server runs `validationRules` without the request's variables and replaces their
 * `extensions.code` with GRAPHQL_VALIDATION_FAILED, so the limits run once the operation is
 * resolved: the client gets `QUERY_TOO_DEEP` / `QUERY_TOO_COSTLY` with HTTP 400. A document
 * that passed with the same cost variables is not checked again (`PassedLimits`).
 */
export function queryLimitsPlugin(limits: QueryLimits, passed = new PassedLimits()): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request }) {
          if (passed.has(schema, document, request.variables)) return;
          const errors = checkQueryLimits(schema, document, request.variables, limits);
          if (errors.length > 0) throw errors[0];
          passed.add(schema, document, request.variables);
        },
      };
    },
  };
}

/** The estimated cost of one operation of a request; 0 when it is not valid (Apollo answers that). */
export function operationCost(
  schema: GraphQLSchema,
  query: unknown,
  variables: unknown,
  operationName: unknown,
): number {
  if (typeof query !== 'string') return 0;
  try {
    return getComplexity({
      schema,
      query: parse(query),
      estimators: ESTIMATORS,
      variables: typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : {},
      ...(typeof operationName === 'string' ? { operationName } : {}),
    });
  } catch {
    return 0;
  }
}

/**
 * A batch costs the sum of its operations: one over `maxCost` is refused whole, with
 * QUERY_TOO_COSTLY and HTTP 400, before any of its operations runs (each operation alone is
 * checked by `queryLimitsPlugin`). Runs after `express.json()` and the batch size limit;
 * `schema()` is the API schema once the gateway has loaded it.
 */
export function batchCostLimit(schema: () => GraphQLSchema | undefined, maxCost: number): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.body;
    const current = schema();
    if (!Array.isArray(body) || body.length < 2 || !current) {
      next();
      return;
    }
    let cost = 0;
    for (const operation of body as unknown[]) {
      if (typeof operation !== 'object' || operation === null) continue;
      const { query, variables, operationName } = operation as Record<string, unknown>;
      cost += operationCost(current, query, variables, operationName);
    }
    if (cost > maxCost) {
      res.status(400).json({
        errors: [
          {
            message: `Batch of ${body.length} operations has an estimated cost of ${cost}, which exceeds the maximum cost of ${maxCost}.`,
            extensions: { code: QUERY_TOO_COSTLY, cost, maxCost, operations: body.length },
          },
        ],
      });
      return;
    }
    next();
  };
}

/**
 * The operation's variables coerced against the schema before anything runs: a value its type
 * cannot hold (an Int beyond 32 bits, an object for an ID, a missing required variable) answers
 * BAD_USER_INPUT with HTTP 400. The gateway's executor would otherwise report the coercion error
 * without a code, which Apollo answers as a 500 INTERNAL_SERVER_ERROR (ADR 0022).
 */
export const variablesPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ schema, operation, request }) {
        const { errors } = getVariableValues(schema, operation?.variableDefinitions ?? [], request.variables ?? {}, {
          maxErrors: 1,
        });
        const [error] = errors ?? [];
        if (error) {
          throw new GraphQLError(error.message, {
            nodes: error.nodes,
            extensions: { code: 'BAD_USER_INPUT', http: { status: 400, headers: new Map<string, string>() } },
          });
        }
        if (request.variables) coercedVariables.set(request.variables, schema);
      },
    };
  },
};

/**
 * A request's variables object that `variablesPlugin` coerced without an error, with the schema
 * it was coerced against (held only as long as the request holds the object).
 */
const coercedVariables = new WeakMap<object, GraphQLSchema>();

interface IncomingRequestCheck {
  validateIncomingRequest(
    requestContext: { request: { variables?: Record<string, unknown> } },
    operationContext: { schema: GraphQLSchema; operation: { variableDefinitions?: unknown } },
  ): readonly GraphQLError[];
}

/**
 * The gateway's executor coerces a request's variables again before it plans (Apollo's
 * `validateIncomingRequest`: the same `getVariableValues` over the same operation's
 * definitions, only without an error code). When `variablesPlugin` already coerced this very
 * variables object against this very schema without an error, that second pass can only find
 * none: it is skipped (ADR 0077). Any other request (another schema after an update, no
 * variables object) is checked by Apollo as before.
 */
export function coerceVariablesOnce(gateway: object): void {
  const check = gateway as IncomingRequestCheck;
  const apollos = check.validateIncomingRequest.bind(gateway);
  check.validateIncomingRequest = (requestContext, operationContext) => {
    const { variables } = requestContext.request;
    if (variables && coercedVariables.get(variables) === operationContext.schema) {
      secondCoercions.skipped += 1;
      return [];
    }
    secondCoercions.run += 1;
    return apollos(requestContext, operationContext);
  };
}

/** How many of the executor's second coercions were skipped and run (for the tests). */
export const secondCoercions = { skipped: 0, run: 0 };
