import { AUTH_MESSAGES, ZUsername } from '@stagepass/contract/auth';
import type { TItemKind } from '@stagepass/contract/items';
import {
  listAudiences,
  type OwnedItemRule,
  ownedKinds,
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
import type { Db } from '../db/client.ts';
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
  interface FastifyInstance {
    /** Who made an item, for the guard of 'owner' routes (registerItemOwnerLookup). */
    findItemOwner: FindItemOwner;
  }
}

/** What the guard of an 'owner' route needs to know of an item: its kind and who made it. */
export type ItemOwner = { kind: TItemKind; creatorId: string };
export type FindItemOwner = (db: Db, itemId: string) => Promise<ItemOwner | undefined>;

/**
 * Hands the guard the catalogue's lookup of who made an item, as the app is built and before
 * any 'owner' route is registered: lib imports no module, so the catalogue registers here.
 */
export function registerItemOwnerLookup(app: FastifyInstance, findItemOwner: FindItemOwner): void {
  app.decorate('findItemOwner', findItemOwner);
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
  // Whoever made the item: any account (a fan is refused with the route's own words).
  owner: CurrentSession;
  // Not admitted yet (see admitViewer); typed as what they will be at least.
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
 * SECURITY_CHECK_REQUIRED; a fan on a 'creator' route 403 FORBIDDEN with one message; on an
 * 'owner' route, admitOwner then asks whether the item is theirs. The session is looked up
 * once per request, and whoever passes is the handler's viewer.
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
 * The guard of an 'owner' route, after admitViewer let a signed-in caller in and before the
 * body is validated: the item the path names must be theirs. A missing item, or one of
 * another kind, is answered 404 NOT_FOUND, someone else's 403 FORBIDDEN, each in the
 * route's words (`rule`); a username in the path (`authorParam`) that is not the caller's is
 * refused first, as not theirs. Path parameters that fail the route's own schema are left to
 * validation, which answers them 400 next, as it did before the guard knew owners.
 */
async function admitOwner(
  request: FastifyRequest,
  current: CurrentSession,
  rule: OwnedItemRule,
  paramsSchema?: RouteDefinition['params'],
): Promise<void> {
  if (paramsSchema && !paramsSchema.safeParse(request.params).success) return;
  const params = request.params as Record<string, string>;
  if (rule.authorParam) {
    const named = ZUsername.safeParse(params[rule.authorParam]);
    if (named.data !== current.user.username) {
      throw new AppError('FORBIDDEN', rule.notYours, 403, rule.authorParam);
    }
  }
  const { server } = request;
  const item = await server.findItemOwner(server.db, String(params[rule.itemParam]));
  if (!item || ownedKinds(rule)?.includes(item.kind) === false)
    throw new AppError('NOT_FOUND', rule.notFound, 404);
  if (item.creatorId !== current.user.id) throw new AppError('FORBIDDEN', rule.notYours, 403);
}

/** The parameters of a path: ['a', 'b'] for `/api/audio/delete_audio/:a/:b`. */
function listPathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => name!);
}

/**
 * An 'owner' route must say, by parameters its path has, which item is owned, and the item
 * lookup must be registered; a route of any other audience must not carry an owner rule.
 * The contract's types refuse the same for routes declared with defineRoutes.
 */
function checkOwnerRule(
  app: FastifyInstance,
  route: RouteDefinition,
  audiences: readonly RouteAudience[],
): void {
  const key = `${route.method} ${route.path}`;
  if (!audiences.includes('owner')) {
    if (route.owner) throw new Error(`${key}: an owner rule on a route whose audience is not 'owner'`);
    return;
  }
  if (!route.owner) {
    throw new Error(`${key}: an 'owner' route must name the path parameter of its item (owner.itemParam)`);
  }
  // 'anyone' lets visitors through, who own nothing.
  if (audiences.includes('anyone')) throw new Error(`${key}: 'owner' cannot be combined with 'anyone'`);
  const params = listPathParams(route.path);
  for (const name of [route.owner.itemParam, route.owner.authorParam]) {
    if (name !== undefined && !params.includes(name)) {
      throw new Error(`${key}: its owner rule names '${name}', which is not a parameter of its path`);
    }
  }
  if (!app.hasDecorator('findItemOwner')) {
    throw new Error(`${key}: register the item owner lookup (registerItemOwnerLookup) before 'owner' routes`);
  }
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
  const {
    method,
    path,
    summary,
    description,
    tags,
    params,
    querystring,
    body,
    response,
    hide,
    audience,
    owner,
  } = route;
  // In the order of ROUTE_AUDIENCES: the security check before the role, as clients see today.
  const audiences = ROUTE_AUDIENCES.filter((each) => listAudiences(audience).includes(each));
  checkOwnerRule(app, route, audiences);
  const guard = async (request: FastifyRequest) => {
    const viewer = await admitViewer(request, audiences);
    if (owner && viewer) await admitOwner(request, viewer, owner, params);
    admittedViewers.set(request, viewer);
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
      // Who may call it, in the OpenAPI document too (an extension: OpenAPI has no word for it).
      'x-audience': [...audiences],
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
