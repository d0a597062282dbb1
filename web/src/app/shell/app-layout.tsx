import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PlaybackSlot } from '../../features/audio/playback/playback-slot';
import { AccountGuard } from '../../features/auth/account-guard';
import { ModalHost } from '../modals/modal-host';
import { PageErrorBoundary } from '../route-error';
import { Footer } from './footer';
import { readPageKey } from './page-key';
import { SideNav } from './side-nav';
import { ToasterHost } from './toaster-host';
import { TopBar } from './top-bar';
import './app-layout.css';

// The drawer (vaul) is only used on mobile, once the menu button is pressed.
const loadSideBarDrawer = () => import('./side-bar-drawer');
const SideBarDrawer = lazy(loadSideBarDrawer);

/** The frame of every page: top bar, side bar, main content, footer, the mini-player, modals and toasts. */
export function AppLayout() {
  const { pathname } = useLocation();
  // Remembering where the drawer was opened closes it on any route change, without an effect.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const [hasDrawer, setHasDrawer] = useState(false);
  const isDrawerOpen = drawerOpenedAt === pathname;
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  function setIsDrawerOpen(isOpen: boolean) {
    if (isOpen) setHasDrawer(true);
    setDrawerOpenedAt(isOpen ? pathname : null);
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar
        menuButtonRef={menuButtonRef}
        isMenuOpen={isDrawerOpen}
        onOpenMenu={() => setIsDrawerOpen(true)}
        onPrepareMenu={() => void loadSideBarDrawer()}
      />
      <div className="shell__body">
        <div className="shell__side-bar">
          <SideNav />
        </div>
        <div className="shell__content">
          <main id="main" className="shell__main" tabIndex={-1}>
            <PageErrorBoundary key={readPageKey(pathname)}>
              {/* Blank until the first page's code arrives; later changes wait in a transition. */}
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </main>
          <Footer />
        </div>
      </div>
      {/* The mini-player, once a track has been opened: it keeps the music playing across pages. */}
      <PlaybackSlot />
      {hasDrawer ? (
        <Suspense fallback={null}>
          <SideBarDrawer isOpen={isDrawerOpen} onOpenChange={setIsDrawerOpen} returnFocusTo={menuButtonRef} />
        </Suspense>
      ) : null}
      <ModalHost />
      <AccountGuard />
      <ToasterHost />
    </div>
  );
}
