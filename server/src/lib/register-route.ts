import type { RouteDefinition } from '@stagepass/contract/routes';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

type SchemaOf<Route extends RouteDefinition> = {
  params: Route['params'];
  querystring: Route['querystring'];
  body: Route['body'];
  response: Route['response'];
};

/** A handler whose request and reply are typed by the route's contract schemas. */
export type RouteHandlerOf<Route extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<Route>,
  ZodTypeProvider
>;

/** What a module adds to a declared route: hooks (rate limits), a body limit, its config. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the handler of a route declared in the contract (`contract/src/<area>.ts`):
 * method, path, schemas and OpenAPI summary come from the declaration, so a module writes
 * only what the route does.
 */
export function registerRoute<Route extends RouteDefinition>(
  app: FastifyInstance,
  route: Route,
  handler: RouteHandlerOf<Route>,
  options: RouteOptions = {},
): void {
  const { method, path, summary, description, tags, params, querystring, body, response, hide } = route;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method,
    url: path,
    schema: {
      tags: [...tags],
      summary,
      ...(description && { description }),
      ...(params && { params }),
      ...(querystring && { querystring }),
      ...(body && { body }),
      ...(response && { response }),
      ...(hide && { hide }),
    },
    handler: handler as RouteHandlerMethod,
  });
}
