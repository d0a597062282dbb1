import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { NotFound } from '../ui/not-found';
import { PageAudienceGate } from './access/audience-gate';
import { type PagePath, pageAudiences } from './access/page-audiences';
import { trackPageLoad } from './page-loading';
import { AppLayout } from './shell/app-layout';

type PageModule = { default: ComponentType };
/**
 * Each page is its own chunk, loaded when first visited; a route change waits for it in a
 * transition (the old page stays until the new one can show), and the progress bar shows
 * the load (page-loading.ts). One loader for every path of access/page-audiences.ts, whose
 * audience guards it: a page for accounts asks a visitor to sign in first.
 */
const pageLoaders: Record<PagePath, () => Promise<PageModule>> = {
  'creators/featured': () => import('./composed-pages/featured-creators-page'),
  'creators/all': () => import('../features/creators/all-creators-page'),
  // Static segments outrank ':username/settings', so no profile can shadow it.
  'creators/favourites': () => import('../features/creators/favourite-creators-page'),
  'find-creators/:query': () => import('../features/creators/find-creators-page'),
  'creator-studio/create': () => import('../features/creator-studio/creator-studio-page'),
  // video, audio, text or photo; the page answers "not found" for any other kind.
  'create/:kind': () => import('./composed-pages/create-content-page'),
  payouts: () => import('../features/payouts/payouts-page'),
  members: () => import('./composed-pages/members-page'),
  wallet: () => import('../features/wallet/wallet-page'),
  passes: () => import('../features/passes/passes-page'),
  'notifications/all': () => import('./composed-pages/notifications-page'),
  'notifications/noti-list': () => import('./composed-pages/notifications-page'),
  signin: () => import('../features/auth/sign-in-page'),
  'account-setup': () => import('../features/auth/account-setup-page'),
  'account/forgot-password': () => import('../features/auth/forgot-password-page'),
  'account/forgot-password/:email': () => import('../features/auth/forgot-password-page'),
  'manage-membership/:username': () => import('../features/passes/manage-membership-page'),
  subscribe: () => import('../features/passes/subscribe-page'),
  'terms-of-use': () => import('../features/legal/terms-of-use-page'),
  'privacy-policy': () => import('../features/legal/privacy-policy-page'),
  about: () => import('../features/about/about-page'),
  // The home feed of followed creators (signed in); /creators/featured stays the home.
  feed: () => import('./composed-pages/following-feed-page'),
  'feed/:postId': () => import('../features/posts/post-page'),
  'feed/:postId/comments': () => import('../features/posts/post-comments-page'),
  'feed/:postId/send-tip/:tipName/:amount': () => import('../features/tips/send-tip-page'),
  // Profiles live at the root (/@name); react-router ranks static segments first, so no
  // profile can shadow a fixed path.
  ':username': () => import('./composed-pages/profile-page'),
  ':username/settings': () => import('./composed-pages/settings-page'),
  // The creator audio player: its own chunk, with its one <audio> element kept across tracks.
  ':username/audio/:audioId': () => import('../features/audio/player/audio-player-page'),
  // The watch page: its own chunk, the only one that may load hls.js (and only when needed).
  'watch/:videoId': () => import('../features/video/watch/watch-page'),
  discover: () => import('../features/video/discover/discover-page'),
};

/** Pages whose address carries parameters (a `:name`, or /subscribe's query): access/page-params.ts checks them. */
const hasParameters = (path: string) => path.includes(':') || path === 'subscribe';

/** A page with parameters comes with their check, which shows a calm sentence instead of it for bad ones. */
async function loadCheckedPage(path: string, load: () => Promise<PageModule>): Promise<PageModule> {
  const [{ withPageParamsCheck }, page] = await Promise.all([import('./access/page-params-gate'), load()]);
  return { default: withPageParamsCheck(path, page.default) };
}

const pageRoutes = Object.entries(pageLoaders).map(([path, load]) => ({
  path,
  audience: pageAudiences[path as PagePath],
  Page: lazy(() => trackPageLoad(hasParameters(path) ? loadCheckedPage(path, load) : load())),
}));

/**
 * The declarative router (BrowserRouter and Routes), not the data router: nothing here
 * uses loaders or actions, and the data router's engine weighed 17 KB gzip of the first
 * visit's JavaScript (32.8 against 15.6 KB for what we use).
 */
/**
 * The home page is the featured creators. The query and hash go along, so a link such as
 * /?modal=… opens its modal there rather than being dropped on the way.
 */
function HomeRedirect() {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: '/creators/featured', search, hash }} />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomeRedirect />} />
          {pageRoutes.map(({ path, audience, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <PageAudienceGate audience={audience}>
                  <Page />
                </PageAudienceGate>
              }
            />
          ))}
          {/* Small and also used by other pages, so it ships with the shell rather than lazily. */}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
