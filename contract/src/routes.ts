import type { z } from 'zod';
import type { TItemKind } from './items.ts';

/**
 * A route of our API, declared once in its area's contract file: the server registers its
 * handler by it (and OpenAPI describes it from it), the web types its fetcher by it. The web
 * imports these objects as types only, so declaring a route ships no zod to the browser.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route (DESIGN.md, "Items, audiences and events"); the one guard in the
 * server's registerRoute enforces it before the handler runs, and hands the handler the
 * viewer it admitted.
 * - 'anyone': signed out or in (the handler sees the viewer, or null).
 * - 'signed-in': any account.
 * - 'security-checked': an account that answered its security question in this session,
 *   for what moves money out, changes where money goes or comes from, or changes how the
 *   account is reached or ends.
 * - 'creator': a creator account (a fan is refused with AUTH_MESSAGES.creatorsOnly).
 * - 'owner': an account that made the item the route names (its `owner` says by which path
 *   parameter, of which kind, and the words of a refusal); a missing item answers 404
 *   NOT_FOUND, someone else's 403 FORBIDDEN, in the route's own words. Any signed-in
 *   account may try: a fan owns nothing and is told it is not theirs.
 * - 'reviewer', 'admin': no account has these roles yet (issue 28): refused to everyone.
 */
export const ROUTE_AUDIENCES = [
  'anyone',
  'signed-in',
  'security-checked',
  'creator',
  'owner',
  'reviewer',
  'admin',
] as const;
export type RouteAudience = (typeof ROUTE_AUDIENCES)[number];

/**
 * A route's audience: one, or several that must all hold (`['creator', 'security-checked']`:
 * a creator who answered the security question, for paying out earnings).
 */
export type RouteAudiences = RouteAudience | readonly [RouteAudience, ...RouteAudience[]];

/** The audiences a route declares, as a list. */
export function listAudiences(audience: RouteAudiences): readonly RouteAudience[] {
  return typeof audience === 'string' ? [audience] : audience;
}

/**
 * How the guard of an 'owner' route finds the item the route acts on, and what it answers
 * those who did not make it: the words each route always answered, kept word for word.
 */
export type OwnedItemRule<ParamName extends string = string> = {
  /** The path parameter holding the item's id. */
  itemParam: ParamName;
  /** The kind (or kinds) the route acts on: an item of another kind is answered as missing. */
  kind?: TItemKind | readonly TItemKind[];
  /** Answered with 404 NOT_FOUND: no such item (or one of another kind). */
  notFound: string;
  /** Answered with 403 FORBIDDEN: someone else's item. */
  notYours: string;
  /**
   * A path parameter naming the item's author by username (the spec's
   * delete_audio/:username/:audioId): a name not the caller's is refused with notYours,
   * that parameter named as its field, before the item is looked up.
   */
  authorParam?: ParamName;
};

export type RouteDefinition = {
  method: HttpMethod;
  /** Fastify's pattern: `/api/users/:username`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Who may call it, enforced by the server's one guard before the handler runs. */
  audience: RouteAudiences;
  /** For an 'owner' route (required there, refused elsewhere): which item is the caller's to own. */
  owner?: OwnedItemRule;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Status → schema of the answer's body; a route that answers in its own way may omit it. */
  response?: Readonly<Record<number, z.ZodType>>;
  /** Left out of the OpenAPI document (sandboxes, development aids). */
  hide?: boolean;
};

/** The kinds an owner rule accepts; none named: every kind. */
export function ownedKinds(rule: Pick<OwnedItemRule, 'kind'>): readonly TItemKind[] | undefined {
  if (rule.kind === undefined) return undefined;
  return typeof rule.kind === 'string' ? [rule.kind] : rule.kind;
}

/** The names of a path's parameters: 'a' | 'b' for `/api/audio/delete_audio/:a/:b`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<Rest>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

type IsOwnerRoute<Audience> = 'owner' extends (Audience extends readonly (infer Each)[] ? Each : Audience)
  ? true
  : false;

/** An 'owner' route says how its item is found, by parameters of its own path; no other route does. */
type OwnerRuleOf<Route extends RouteDefinition> =
  IsOwnerRoute<Route['audience']> extends true
    ? { owner: OwnedItemRule<PathParamNames<Route['path']>> }
    : { owner?: "an owner rule is for routes whose audience includes 'owner'" };

/**
 * Declares an area's routes: the same object, with every literal (method, path) kept in its
 * type. The type checker refuses an 'owner' route without its `owner` rule, or naming a
 * parameter its path does not have (registerRoute refuses them too, for routes built by hand).
 */
export function defineRoutes<const Routes extends Record<string, RouteDefinition>>(
  routes: Routes & { [Name in keyof Routes]: OwnerRuleOf<Routes[Name]> },
): Routes {
  return routes;
}

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a client sends as the path's parameters, the query and the body. */
export type RouteParams<Route extends RouteDefinition> = InputOf<Route['params']>;
export type RouteQuery<Route extends RouteDefinition> = InputOf<Route['querystring']>;
export type RouteBody<Route extends RouteDefinition> = InputOf<Route['body']>;

/** The body of a successful answer (null for a 204). */
export type RouteReply<Route extends RouteDefinition> =
  Route['response'] extends Readonly<Record<number, z.ZodType>>
    ? {
        [Status in keyof Route['response'] & SuccessStatus]: Status extends 204
          ? null
          : z.output<Route['response'][Status]>;
      }[keyof Route['response'] & SuccessStatus]
    : unknown;

/** How a client names a route: `GET /api/wallet`, checked against the declaration. */
export type RouteKey<Route extends RouteDefinition> = `${Route['method']} ${Route['path']}`;
