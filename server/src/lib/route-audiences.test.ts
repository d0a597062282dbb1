import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { listAudiences, type RouteAudience, type RouteDefinition } from '@stagepass/contract/routes';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listDeclaredRoutes, routeKeyOf } from '../test/contract-routes.ts';
import { createPerson } from '../test/factories/people.ts';
import { setupTestApp } from '../test/test-app.ts';
import { admitViewer, registerRoute } from './register-route.ts';

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
type Refusal = { status: number; code: string; message: string };

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
function callAs(cookie: string | undefined, route: RouteDefinition) {
  return testApp.app.inject({
    method: route.method,
    url: route.path.replace(/:[A-Za-z]+/g, 'abcdefghijklmn'),
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

  it.each(declaredRoutes.map((route) => [routeKeyOf(route), route] as const))(
    '%s refuses the callers below its audience before the handler, and lets the others in',
    async (_key, route) => {
      const audiences = [...listAudiences(route.audience)].sort().join('+');
      const expected = REFUSALS[audiences];
      expect(expected, `no row for the audience ${audiences}`).toBeDefined();
      const cookies = await createCallers();
      for (const caller of CALLERS) {
        const response = await callAs(cookies[caller], route);
        const refusal = expected![caller];
        if (refusal) {
          expect(response.statusCode, caller).toBe(refusal.status);
          expect(response.json(), caller).toEqual({
            success: false,
            code: refusal.code,
            message: refusal.message,
          });
        } else {
          const answer = { status: response.statusCode, body: response.body };
          const isRefusedByGuard = GUARD_REFUSALS.some(
            ({ status, code, message }) =>
              answer.status === status && answer.body.includes(code) && answer.body.includes(message),
          );
          expect(isRefusedByGuard, `${caller}: ${answer.status} ${answer.body}`).toBe(false);
        }
      }
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

  it("refuses to register an 'owner' route until the guard can tell who owns what", () => {
    const route = {
      method: 'DELETE',
      path: '/api/things/:id',
      audience: 'owner',
      tags: ['examples'],
      summary: 'An example',
    } as const;
    expect(() => registerRoute(Fastify(), route, async () => null)).toThrow(/'owner' is not enforced yet/);
  });
});
