import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../ui/not-found';
import { RouteError } from './route-error';
import { AppLayout } from './shell/app-layout';

type PageModule = { default: ComponentType };

/**
 * Each page is its own chunk, loaded when first visited; react-router waits for it before
 * switching pages, which is what the progress bar shows.
 */
function loadPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const pageRoutes: RouteObject[] = [
  { index: true, element: <Navigate replace to="/creators/featured" /> },
  {
    path: 'creators/featured',
    lazy: loadPage(() => import('../features/creators/featured-creators-page')),
  },
  { path: 'creators/all', lazy: loadPage(() => import('../features/creators/all-creators-page')) },
  // Static segments outrank ':username/settings', so no profile can shadow it.
  {
    path: 'creators/favourites',
    lazy: loadPage(() => import('../features/creators/favourite-creators-page')),
  },
  {
    path: 'find-creators/:query',
    lazy: loadPage(() => import('../features/creators/find-creators-page')),
  },
  {
    path: 'creator-studio/create',
    lazy: loadPage(() => import('../features/creator-studio/creator-studio-page')),
  },
  // video, audio, text or photo; the page answers "not found" for any other kind.
  { path: 'create/:kind', lazy: loadPage(() => import('../features/creator-studio/create-content-page')) },
  { path: 'payouts', lazy: loadPage(() => import('../features/payouts/payouts-page')) },
  { path: 'wallet', lazy: loadPage(() => import('../features/wallet/wallet-page')) },
  {
    path: 'notifications/all',
    lazy: loadPage(() => import('../features/notifications/notifications-page')),
  },
  {
    path: 'notifications/noti-list',
    lazy: loadPage(() => import('../features/notifications/notifications-page')),
  },
  { path: 'signin', lazy: loadPage(() => import('../features/auth/sign-in-page')) },
  { path: 'account-setup', lazy: loadPage(() => import('../features/auth/account-setup-page')) },
  {
    path: 'account/forgot-password',
    lazy: loadPage(() => import('../features/auth/forgot-password-page')),
  },
  {
    path: 'account/forgot-password/:email',
    lazy: loadPage(() => import('../features/auth/forgot-password-page')),
  },
  {
    path: 'manage-membership/:username',
    lazy: loadPage(() => import('../features/membership/manage-membership-page')),
  },
  { path: 'subscribe', lazy: loadPage(() => import('../features/membership/subscribe-page')) },
  { path: 'terms-of-use', lazy: loadPage(() => import('../features/legal/terms-of-use-page')) },
  { path: 'privacy-policy', lazy: loadPage(() => import('../features/legal/privacy-policy-page')) },
  { path: 'about', lazy: loadPage(() => import('../features/about/about-page')) },
  // The home feed of followed creators (signed in); /creators/featured stays the home.
  { path: 'feed', lazy: loadPage(() => import('../features/feed/following-feed-page')) },
  { path: 'feed/:postId', lazy: loadPage(() => import('../features/feed/post-page')) },
  { path: 'feed/:postId/comments', lazy: loadPage(() => import('../features/feed/post-comments-page')) },
  {
    path: 'feed/:postId/send-tip/:tipName/:amount',
    lazy: loadPage(() => import('../features/feed/send-tip-page')),
  },
  // Profiles live at the root (/@name), so they come after every fixed path; react-router
  // ranks static segments first anyway.
  { path: ':username', lazy: loadPage(() => import('../features/profile/profile-page')) },
  { path: ':username/settings', lazy: loadPage(() => import('../features/profile/settings-page')) },
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
