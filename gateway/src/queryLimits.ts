import {
  GraphQLError,
  Kind,
  getNullableType,
  isListType,
  validate,
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
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';
import type { ApolloServerPlugin } from '@apollo/server';

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

/** A list field costs 1 plus its selections times the number of items it may return. */
const listSizeEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (!isListType(getNullableType(field.type))) return undefined;
  const sizes = LIST_SIZE_ARGUMENTS.map((name) => args[name]).filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  );
  const size = sizes.length > 0 ? Math.max(...sizes) : DEFAULT_LIST_SIZE;
  return 1 + size * childComplexity;
};

/**
 * Rejects operations whose estimated cost exceeds `maxCost`. Each field costs 1 plus its
 * selections; a list multiplies its selections by its `first`/`limit` argument
 * (`listSizeEstimator`); variables are needed for sizes given as variables and `@skip`/`@include`.
 */
export function costLimitRule(maxCost: number, variables: Record<string, unknown> = {}): ValidationRule {
  return createComplexityRule({
    maximumComplexity: maxCost,
    variables,
    estimators: [introspectionEstimator, listSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
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
 * Apollo Server runs `validationRules` without the request's variables and replaces their
 * `extensions.code` with GRAPHQL_VALIDATION_FAILED, so the limits run once the operation is
 * resolved: the client gets `QUERY_TOO_DEEP` / `QUERY_TOO_COSTLY` with HTTP 400.
 */
export function queryLimitsPlugin(limits: QueryLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request }) {
          const errors = checkQueryLimits(schema, document, request.variables, limits);
          if (errors.length > 0) throw errors[0];
        },
      };
    },
  };
}
