import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { ITEM_KINDS, type TItemKind } from '@stagepass/contract/items';
import {
  defineRoutes,
  listAudiences,
  type OwnedItemRule,
  ownedKinds,
  type RouteAudience,
  type RouteDefinition,
} from '@stagepass/contract/routes';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { listDeclaredRoutes, routeKeyOf } from '../test/contract-routes.ts';
import { publishTrack } from '../test/factories/audio.ts';
import { createPerson, type TestPerson } from '../test/factories/people.ts';
import { publishText } from '../test/factories/posts.ts';
import { publishSeries, publishVideo } from '../test/factories/video.ts';
import { setupTestApp } from '../test/test-app.ts';
import { createId } from './ids.ts';
import { admitViewer, registerItemOwnerLookup, registerRoute } from './register-route.ts';

// Who may call each route: every route the app registers declares it, and the one guard
// in registerRoute enforces it before validation and before the handler. The routes are
// collected as the app registers them, so a route added later is walked the day it exists.

type RegisteredRoute = { method: string; url: string; audience: readonly RouteAudience[] | undefined };
const registered: RegisteredRoute[] = [];
const testApp = setupTestApp({
  onRoute: ({ method, url, config }) => {
    for (const each of [method].flat()) registered.push({ method: each, url, audience: config?.audience });
  },
});

/**
 * Routes registered by hand rather than through registerRoute (no contract declaration, or
 * a shape registerRoute does not take), each with who may call it and why ('*': any
 * method; a GET entry covers its HEAD). Their handlers get no viewer from the guard.
 */
const ROUTES_OUTSIDE_THE_GUARD: Record<string, { audience: RouteAudience; why: string }> = {
  'GET /': { audience: 'anyone', why: 'the web app' },
  'GET /*': { audience: 'anyone', why: "the web app's built files" },
  'GET /api/openapi.json': { audience: 'anyone', why: 'the API document' },
  'GET /media/*': {
    audience: 'anyone',
    why: 'declared in the contract (getMediaFile) but registered by hand for GET and HEAD: open files for anybody, protected ones only by an address signed for the viewer',
  },
  '* /sandbox/pawapay/*': {
    audience: 'anyone',
    why: "the pawaPay sandbox (outside production only), standing where pawaPay's API would",
  },
  '* /dev-oidc/*': {
    audience: 'anyone',
    why: 'the development OpenID provider (outside production only), standing where a real one would',
  },
};

function findOutsideDeclaration({ method, url }: RegisteredRoute) {
  return Object.entries(ROUTES_OUTSIDE_THE_GUARD).find(([key]) => {
    const [declaredMethod, pattern] = key.split(' ') as [string, string];
    const isSameMethod =
      declaredMethod === '*' || declaredMethod === method || (declaredMethod === 'GET' && method === 'HEAD');
    const isSamePath =
      pattern.endsWith('/*') && pattern !== '/*' ? url.startsWith(pattern.slice(0, -1)) : url === pattern;
    return isSameMethod && isSamePath;
  });
}

type Caller = 'visitor' | 'fan' | 'checked fan' | 'creator' | 'checked creator';
const CALLERS: Caller[] = ['visitor', 'fan', 'checked fan', 'creator', 'checked creator'];
type Refusal = { status: number; code: string; message: string; field?: string };

const NOT_SIGNED_IN: Refusal = { status: 401, code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.notSignedIn };
const CHECK_REQUIRED: Refusal = {
  status: 403,
  code: 'SECURITY_CHECK_REQUIRED',
  message: SETTINGS_MESSAGES.securityCheckRequired,
};
const CREATORS_ONLY: Refusal = { status: 403, code: 'FORBIDDEN', message: AUTH_MESSAGES.creatorsOnly };
const GUARD_REFUSALS = [NOT_SIGNED_IN, CHECK_REQUIRED, CREATORS_ONLY];

/**
 * What the guard answers each caller, by the route's audiences ('fan' and 'creator' are
 * signed in without having answered the security question in this session; null: let in).
 * A route declaring a combination not here fails until its row is written.
 */
const REFUSALS: Record<string, Record<Caller, Refusal | null>> = {
  anyone: { visitor: null, fan: null, 'checked fan': null, creator: null, 'checked creator': null },
  'signed-in': {
    visitor: NOT_SIGNED_IN,
    fan: null,
    'checked fan': null,
    creator: null,
    'checked creator': null,
  },
  'security-checked': {
    visitor: NOT_SIGNED_IN,
    fan: CHECK_REQUIRED,
    'checked fan': null,
    creator: CHECK_REQUIRED,
    'checked creator': null,
  },
  creator: {
    visitor: NOT_SIGNED_IN,
    fan: CREATORS_ONLY,
    'checked fan': CREATORS_ONLY,
    creator: null,
    'checked creator': null,
  },
  'creator+security-checked': {
    visitor: NOT_SIGNED_IN,
    fan: CHECK_REQUIRED,
    'checked fan': CREATORS_ONLY,
    creator: CHECK_REQUIRED,
    'checked creator': null,
  },
};

const declared = await listDeclaredRoutes();
const declaredRoutes = declared.map(({ route }) => route);
const isOwnerRoute = (route: RouteDefinition) => listAudiences(route.audience).includes('owner');
/** Walked by who made the item each names (below), rather than by the table above. */
const ownerRoutes = declaredRoutes.filter(isOwnerRoute);

/** A fan and a creator who answered the security question, and the same sessions without the check. */
async function createCallers(): Promise<Record<Caller, string | undefined>> {
  const fan = await createPerson(testApp.app, { role: 'fan' });
  const creator = await createPerson(testApp.app, { role: 'creator' });
  const withoutCheck = (cookie: string) => cookie.split('; ')[0]!;
  return {
    visitor: undefined,
    fan: withoutCheck(fan.cookie),
    'checked fan': fan.cookie,
    creator: withoutCheck(creator.cookie),
    'checked creator': creator.cookie,
  };
}

/** The route with made-up ids and, for a write, an empty body: wrong for every handler, so only the guard may decide. */
function callAs(cookie: string | undefined, route: RouteDefinition, url?: string) {
  return testApp.app.inject({
    method: route.method,
    url: url ?? route.path.replace(/:[A-Za-z]+/g, 'abcdefghijklmn'),
    headers: cookie ? { cookie } : {},
    ...(route.method !== 'GET' && { payload: {} }),
  });
}

describe('route audiences', () => {
  it('are declared for every route the app registers', () => {
    const undeclared = registered
      .filter((route) => !route.audience && !findOutsideDeclaration(route))
      .map(({ method, url }) => `${method} ${url}`);
    expect(undeclared).toEqual([]);
    // And the list names nothing that is not there.
    const unused = Object.keys(ROUTES_OUTSIDE_THE_GUARD).filter(
      (key) => !registered.some((route) => findOutsideDeclaration(route)?.[0] === key),
    );
    expect(unused).toEqual([]);
  });

  it('are registered as declared: every contract route the app has goes through the guard with its audience', () => {
    const mismatched = declaredRoutes.flatMap((route) => {
      const found = registered.find((each) => each.method === route.method && each.url === route.path);
      if (!found || findOutsideDeclaration(found)) return [];
      const audiences = [...listAudiences(route.audience)].sort();
      return JSON.stringify([...(found.audience ?? [])].sort()) === JSON.stringify(audiences)
        ? []
        : [`${routeKeyOf(route)}: ${found.audience?.join('+') ?? 'no guard'}`];
    });
    expect(mismatched).toEqual([]);
  });

  it.each(
    declaredRoutes
      .filter((route) => !isOwnerRoute(route))
      .map((route) => [routeKeyOf(route), route] as const),
  )(
    '%s refuses the callers below its audience before the handler, and lets the others in',
    async (_key, route) => {
      const audiences = [...listAudiences(route.audience)].sort().join('+');
      const expected = REFUSALS[audiences];
      expect(expected, `no row for the audience ${audiences}`).toBeDefined();
      const cookies = await createCallers();
      for (const caller of CALLERS) {
        const response = await callAs(cookies[caller], route);
        const refusal = expected![caller];
        if (refusal) expectRefused(response, refusal, caller);
        else expectLetIn(response, GUARD_REFUSALS, caller);
      }
    },
  );

  it.each(ownerRoutes.map((route) => [routeKeyOf(route), route] as const))(
    "%s lets in only who made the item it names, refusing others in the route's own words",
    async (_key, route) => {
      const { app } = testApp;
      const rule = route.owner!;
      const kind = ownedKinds(rule)?.[0] ?? 'post';
      const owner = await createPerson(app, { role: 'creator' });
      const otherCreator = await createPerson(app, { role: 'creator' });
      const fan = await createPerson(app, { role: 'fan' });
      const itemId = await PUBLISH_ITEM[kind](app, owner);
      const notFound: Refusal = { status: 404, code: 'NOT_FOUND', message: rule.notFound };
      const notYours: Refusal = { status: 403, code: 'FORBIDDEN', message: rule.notYours };
      const refusedByGuard = [NOT_SIGNED_IN, notFound, notYours];
      const call = (person: TestPerson | undefined, path: { itemId: string; author?: string }) =>
        callAs(person?.cookie, route, fillOwnerPath(route.path, rule, { author: owner.username, ...path }));

      expectRefused(await call(undefined, { itemId }), NOT_SIGNED_IN, 'visitor');
      // Where the path names the author too, a caller naming the owner there is refused at
      // that field, before the item is looked up (as the service refused it before the guard).
      const notYoursAsNamed = rule.authorParam ? { ...notYours, field: rule.authorParam } : notYours;
      expectRefused(await call(fan, { itemId }), notYoursAsNamed, 'fan');
      expectRefused(await call(otherCreator, { itemId }), notYoursAsNamed, 'another creator');
      expectRefused(await call(owner, { itemId: createId(16) }), notFound, 'no such item');
      // An item of another kind, the caller's own, is not found on this kind's route.
      for (const otherKind of ITEM_KINDS.filter((each) => ownedKinds(rule)?.includes(each) === false)) {
        const otherItemId = await PUBLISH_ITEM[otherKind](app, owner);
        expectRefused(await call(owner, { itemId: otherItemId }), notFound, `a ${otherKind}`);
      }
      // A malformed id is validation's to answer, as it was before the guard knew owners.
      const malformed = await call(otherCreator, { itemId: 'not-an-id' });
      expect(malformed.statusCode, malformed.body).toBe(400);
      if (rule.authorParam) {
        // The owner naming someone else is refused too; another creator naming themselves
        // passes that check, and is still not the item's author.
        expectRefused(
          await call(owner, { itemId, author: otherCreator.username }),
          notYoursAsNamed,
          'owner naming another',
        );
        expectRefused(
          await call(otherCreator, { itemId, author: otherCreator.username }),
          notYours,
          'another creator naming themselves',
        );
        // Written as people type it: without its '@', in capitals.
        const typed = owner.username.slice(1).toUpperCase();
        expectLetIn(await call(owner, { itemId, author: typed }), refusedByGuard, 'owner, name as typed');
      }
      expectLetIn(await call(owner, { itemId }), refusedByGuard, 'owner');
    },
  );

  it("refuses 'reviewer' and 'admin' routes to every account: no account has those roles yet", async () => {
    const { app } = testApp;
    for (const role of ['fan', 'creator'] as const) {
      const person = await createPerson(app, { role });
      for (const audience of ['reviewer', 'admin'] as const) {
        const request = {
          cookies: Object.fromEntries([person.cookie.split('; ')[0]!.split('=')]),
          server: app,
        };
        await expect(admitViewer(request as unknown as FastifyRequest, [audience])).rejects.toMatchObject({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: AUTH_MESSAGES.notPermitted,
        });
      }
    }
    const visitor = { cookies: {}, server: app } as unknown as FastifyRequest;
    await expect(admitViewer(visitor, ['admin'])).rejects.toMatchObject({ statusCode: 401 });
  });

  it("refuses to register an 'owner' route that does not say which parameter names its item", () => {
    const app = Fastify();
    registerItemOwnerLookup(app, async () => undefined);
    const example = { method: 'DELETE', tags: ['examples'], summary: 'An example' } as const;
    const rule: OwnedItemRule = { itemParam: 'id', notFound: 'No such thing.', notYours: 'Not yours.' };
    const register = (route: RouteDefinition) => () => registerRoute(app, route, async () => null);

    // The contract's types refuse it where routes are declared…
    const [withoutRule, withOtherParam, onOtherAudience] = [
      // @ts-expect-error: an 'owner' route without its rule
      defineRoutes({ route: { ...example, path: '/api/things/:id', audience: 'owner' } }).route,
      defineRoutes({
        route: {
          ...example,
          path: '/api/things/:id',
          audience: 'owner',
          // @ts-expect-error: a parameter its path does not have
          owner: { ...rule, itemParam: 'thingId' },
        },
      }).route,
      defineRoutes({
        // @ts-expect-error: a rule on a route that is not for owners
        route: { ...example, path: '/api/things/:id', audience: 'signed-in', owner: rule },
      }).route,
    ] as RouteDefinition[];
    // …and the guard where they are registered.
    expect(register(withoutRule!)).toThrow(/must name the path parameter of its item/);
    expect(register(withOtherParam!)).toThrow(/names 'thingId', which is not a parameter of its path/);
    expect(register(onOtherAudience!)).toThrow(/an owner rule on a route whose audience is not 'owner'/);
    expect(
      register({ ...example, path: '/api/things/:id', audience: ['anyone', 'owner'], owner: rule }),
    ).toThrow(/cannot be combined with 'anyone'/);
    expect(
      register({
        ...example,
        path: '/api/things/:id',
        audience: 'owner',
        owner: { ...rule, authorParam: 'a' },
      }),
    ).toThrow(/names 'a'/);
    // Declared in full, but on an app that has no lookup of who made an item.
    expect(() =>
      registerRoute(
        Fastify(),
        { ...example, path: '/api/things/:id', audience: 'owner', owner: rule },
        async () => null,
      ),
    ).toThrow(/registerItemOwnerLookup/);
    expect(register({ ...example, path: '/api/things/:id', audience: 'owner', owner: rule })).not.toThrow();
  });
});

/** An item of each kind, made by the person, for the owner walk: its id. */
const PUBLISH_ITEM: Record<TItemKind, (app: App, person: TestPerson) => Promise<string>> = {
  post: (app, person) => publishText(app, person),
  audio: async (app, person) => (await publishTrack(app, person)).audioId,
  video: async (app, person) => (await publishVideo(app, person))._id,
  series: async (app, person) => (await publishSeries(app, person))._id,
};

/** An owner route's path: the item's id, the author's username where it names one, made-up values elsewhere. */
function fillOwnerPath(path: string, rule: OwnedItemRule, values: { itemId: string; author: string }) {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (name === rule.itemParam) return values.itemId;
    if (name === rule.authorParam) return encodeURIComponent(values.author);
    return 'abcdefghijklmn';
  });
}

function toErrorBody({ code, message, field }: Refusal) {
  return { success: false, code, message, ...(field && { field }) };
}

type Answer = { statusCode: number; body: string; json: () => unknown };

function expectRefused(response: Answer, refusal: Refusal, caller: string) {
  expect(response.statusCode, `${caller}: ${response.body}`).toBe(refusal.status);
  expect(response.json(), caller).toEqual(toErrorBody(refusal));
}

/** Not refused by the guard: whatever the handler or validation makes of a made-up request. */
function expectLetIn(response: Answer, guardRefusals: readonly Refusal[], caller: string) {
  const isRefusedByGuard = guardRefusals.some(
    ({ status, code, message }) =>
      response.statusCode === status && response.body.includes(code) && response.body.includes(message),
  );
  expect(isRefusedByGuard, `${caller}: ${response.statusCode} ${response.body}`).toBe(false);
}
