import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import {
  listAudiences,
  ROUTE_AUDIENCES,
  type RouteAudience,
  type RouteAudiences,
  type RouteDefinition,
} from '@stagepass/contract/routes';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assertCreator,
  assertSecurityChecked,
  type CreatorSession,
  type CurrentSession,
  findCurrentSession,
  requireCurrentSession,
  type SecurityCheckedSession,
} from '../plugins/session.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, as registerRoute's guard enforces it (absent on routes registered by hand). */
    audience?: readonly RouteAudience[];
  }
}

type SchemaOf<Route extends RouteDefinition> = {
  params: Route['params'];
  querystring: Route['querystring'];
  body: Route['body'];
  response: Route['response'];
};

/** Fastify's handler for a route, its request and reply typed by the route's contract schemas. */
type FastifyHandlerOf<Route extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<Route>,
  ZodTypeProvider
>;

/** Who the handler of a route declared for one audience is called with, once the guard let them in. */
type ViewerByAudience = {
  anyone: CurrentSession | null;
  'signed-in': CurrentSession;
  'security-checked': SecurityCheckedSession;
  creator: CreatorSession;
  // Not admitted yet (see admitViewer); typed as what they will be at least.
  owner: CurrentSession;
  reviewer: CurrentSession;
  admin: CurrentSession;
};

type IntersectionOf<Union> = (Union extends unknown ? (each: Union) => void : never) extends (
  all: infer Intersection,
) => void
  ? Intersection
  : never;

/** The viewer for a declared audience; for several, one that is all of them. */
export type ViewerOf<Audiences extends RouteAudiences> = Audiences extends RouteAudience
  ? ViewerByAudience[Audiences]
  : Audiences extends readonly RouteAudience[]
    ? IntersectionOf<ViewerByAudience[Audiences[number]]>
    : never;

/**
 * A route's handler: request and reply typed by its contract schemas, and the viewer the
 * guard admitted, typed by its declared audience (a creator's session for 'creator', the
 * session or null for 'anyone').
 */
export type RouteHandlerOf<Route extends RouteDefinition> = (
  this: FastifyInstance,
  request: Parameters<FastifyHandlerOf<Route>>[0],
  reply: Parameters<FastifyHandlerOf<Route>>[1],
  viewer: ViewerOf<Route['audience']>,
) => ReturnType<FastifyHandlerOf<Route>>;

/** What a module adds to a declared route: hooks (rate limits), a body limit, its config. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

const admittedViewers = new WeakMap<FastifyRequest, CurrentSession | null>();

/**
 * The one guard of a route's declared audience, run before the body is validated and before
 * the module's own hooks (its per-account limits) and handler. A visitor on a route for
 * accounts is answered 401 UNAUTHENTICATED; a session that has not answered the security
 * question on a 'security-checked' route 403 SECURITY_QUESTION_REQUIRED or
 * SECURITY_CHECK_REQUIRED; a fan on a 'creator' route 403 FORBIDDEN with one message. The
 * session is looked up once per request, and whoever passes is the handler's viewer.
 * `audiences` come in the order of ROUTE_AUDIENCES (registerRoute sorts them once).
 */
export async function admitViewer(request: FastifyRequest, audiences: readonly RouteAudience[]) {
  if (audiences.includes('anyone')) return findCurrentSession(request);
  const current = await requireCurrentSession(request);
  for (const audience of audiences) {
    if (audience === 'security-checked') assertSecurityChecked(current);
    if (audience === 'creator') assertCreator(current);
    // No account has these roles until issue 28.
    if (audience === 'reviewer' || audience === 'admin') {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.notPermitted, 403);
    }
  }
  return current;
}

/**
 * Registers the handler of a route declared in the contract (`contract/src/<area>.ts`):
 * method, path, schemas and OpenAPI summary come from the declaration, so a module writes
 * only what the route does, and the declared audience is enforced here: the handler is
 * called only for a caller the guard admitted, with that caller as its third argument.
 */
export function registerRoute<Route extends RouteDefinition>(
  app: FastifyInstance,
  route: Route,
  handler: RouteHandlerOf<Route>,
  options: RouteOptions = {},
): void {
  const { method, path, summary, description, tags, params, querystring, body, response, hide, audience } =
    route;
  // In the order of ROUTE_AUDIENCES: the security check before the role, as clients see today.
  const audiences = ROUTE_AUDIENCES.filter((each) => listAudiences(audience).includes(each));
  if (audiences.includes('owner')) {
    // Owning is a fact about the item a route names, which the guard cannot see yet.
    throw new Error(
      `${method} ${path}: 'owner' is not enforced yet; declare 'signed-in' and check the author in the service`,
    );
  }
  const guard = async (request: FastifyRequest) => {
    admittedViewers.set(request, await admitViewer(request, audiences));
  };
  const ownPreValidation = options.preValidation ? [options.preValidation].flat() : [];
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    // Where hooks and the audience test read who may call the route.
    config: { ...options.config, audience: audiences },
    preValidation: [guard, ...ownPreValidation] as RouteOptions['preValidation'],
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
    handler: function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const viewer = admittedViewers.get(request) ?? null;
      return (handler as (...args: unknown[]) => unknown).call(this, request, reply, viewer);
    } as RouteHandlerMethod,
  });
}
