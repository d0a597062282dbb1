import type { RouteDefinition } from '@stagepass/contract/routes';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSecurityCheckedSession } from '../plugins/session.ts';

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
 * The one guard of a route's declared audience, run before the body is validated and before
 * the module's own hooks (its per-account limits) and handler: a 'security-checked' route
 * answers 401 to a visitor and 403 SECURITY_QUESTION_REQUIRED / SECURITY_CHECK_REQUIRED to a
 * session that has not answered the security question, so its handler never re-checks (it
 * reads the session with requireCurrentSession, looked up once per request). The other
 * audiences are still checked by the handlers until issue 25.
 */
async function requireSecurityCheck(request: FastifyRequest): Promise<void> {
  await requireSecurityCheckedSession(request);
}

/**
 * Registers the handler of a route declared in the contract (`contract/src/<area>.ts`):
 * method, path, schemas and OpenAPI summary come from the declaration, so a module writes
 * only what the route does, and the declared audience is enforced here.
 */
export function registerRoute<Route extends RouteDefinition>(
  app: FastifyInstance,
  route: Route,
  handler: RouteHandlerOf<Route>,
  options: RouteOptions = {},
): void {
  const { method, path, summary, description, tags, params, querystring, body, response, hide, audience } =
    route;
  const ownPreValidation = options.preValidation ? [options.preValidation].flat() : [];
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    ...(audience === 'security-checked' && {
      preValidation: [requireSecurityCheck, ...ownPreValidation] as RouteOptions['preValidation'],
    }),
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
