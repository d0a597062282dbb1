import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../ui/not-found';
import type { Audience } from './access/audience';
import { PageAudienceGate } from './access/audience-gate';
import { RouteError } from './route-error';
import { AppLayout } from './shell/app-layout';

type PageModule = { default: ComponentType };

/**
 * Each page is its own chunk, loaded when first visited; react-router waits for it before
 * switching pages, which is what the progress bar shows. Each page names who may see it
 * (app/access/audience.ts): a page for accounts asks a visitor to sign in first.
 */
function loadPage(audience: Audience, load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const { default: Page } = await load();
    if (audience === 'anyone') return { Component: Page };
    return {
      Component: () => (
        <PageAudienceGate audience={audience}>
          <Page />
        </PageAudienceGate>
      ),
    };
  };
}

const pageRoutes: RouteObject[] = [
  { index: true, element: <Navigate replace to="/creators/featured" /> },
  {
    path: 'creators/featured',
    lazy: loadPage('anyone', () => import('../features/creators/featured-creators-page')),
  },
  { path: 'creators/all', lazy: loadPage('anyone', () => import('../features/creators/all-creators-page')) },
  // Static segments outrank ':username/settings', so no profile can shadow it.
  {
    path: 'creators/favourites',
    lazy: loadPage('signed-in', () => import('../features/creators/favourite-creators-page')),
  },
  {
    path: 'find-creators/:query',
    lazy: loadPage('anyone', () => import('../features/creators/find-creators-page')),
  },
  {
    path: 'creator-studio/create',
    lazy: loadPage('creator', () => import('../features/creator-studio/creator-studio-page')),
  },
  // video, audio, text or photo; the page answers "not found" for any other kind.
  {
    path: 'create/:kind',
    lazy: loadPage('creator', () => import('../features/creator-studio/create-content-page')),
  },
  { path: 'payouts', lazy: loadPage('creator', () => import('../features/payouts/payouts-page')) },
  { path: 'wallet', lazy: loadPage('signed-in', () => import('../features/wallet/wallet-page')) },
  {
    path: 'notifications/all',
    lazy: loadPage('signed-in', () => import('../features/notifications/notifications-page')),
  },
  {
    path: 'notifications/noti-list',
    lazy: loadPage('signed-in', () => import('../features/notifications/notifications-page')),
  },
  { path: 'signin', lazy: loadPage('anyone', () => import('../features/auth/sign-in-page')) },
  { path: 'account-setup', lazy: loadPage('anyone', () => import('../features/auth/account-setup-page')) },
  {
    path: 'account/forgot-password',
    lazy: loadPage('anyone', () => import('../features/auth/forgot-password-page')),
  },
  {
    path: 'account/forgot-password/:email',
    lazy: loadPage('anyone', () => import('../features/auth/forgot-password-page')),
  },
  {
    path: 'manage-membership/:username',
    lazy: loadPage('anyone', () => import('../features/membership/manage-membership-page')),
  },
  { path: 'subscribe', lazy: loadPage('anyone', () => import('../features/membership/subscribe-page')) },
  { path: 'terms-of-use', lazy: loadPage('anyone', () => import('../features/legal/terms-of-use-page')) },
  { path: 'privacy-policy', lazy: loadPage('anyone', () => import('../features/legal/privacy-policy-page')) },
  { path: 'about', lazy: loadPage('anyone', () => import('../features/about/about-page')) },
  // The home feed of followed creators (signed in); /creators/featured stays the home.
  { path: 'feed', lazy: loadPage('signed-in', () => import('../features/feed/following-feed-page')) },
  { path: 'feed/:postId', lazy: loadPage('anyone', () => import('../features/feed/post-page')) },
  {
    path: 'feed/:postId/comments',
    lazy: loadPage('anyone', () => import('../features/feed/post-comments-page')),
  },
  {
    path: 'feed/:postId/send-tip/:tipName/:amount',
    lazy: loadPage('signed-in', () => import('../features/feed/send-tip-page')),
  },
  // Profiles live at the root (/@name), so they come after every fixed path; react-router
  // ranks static segments first anyway.
  { path: ':username', lazy: loadPage('anyone', () => import('../features/profile/profile-page')) },
  {
    path: ':username/settings',
    lazy: loadPage('signed-in', () => import('../features/profile/settings-page')),
  },
  // Small and also used by other pages, so it ships with the shell rather than lazily.
  { path: '*', Component: NotFound },
];

export function createRouter() {
  return createBrowserRouter([
    {
      Component: AppLayout,
      errorElement: <RouteError />,
      // Nothing to show but the blank page until the first page's code has arrived.
      HydrateFallback: () => null,
      // A pathless layer so a failing page shows its error inside the shell.
      children: [{ errorElement: <RouteError />, children: pageRoutes }],
    },
  ]);
}
