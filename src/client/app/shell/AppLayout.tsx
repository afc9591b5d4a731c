import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { storageKeys } from '../../../shared/domain/storage';
import { Loading } from '../../components/LoadState';
import { EditModeProvider } from '../../features/site/editMode';
import { TrialNotice } from '../../features/site/Plan/TrialGate';
import { MaintenanceGate, MaintenanceNotice } from '../maintenance/MaintenanceGate';
import { SessionProvider, useSession } from '../session';
import { storage } from '../storage';
import classes from './AppLayout.module.css';
import { loadNavDrawer } from './deferred';
import { Footer } from './Footer';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ScrollManager } from './ScrollManager';
import { TopBar } from './TopBar';

const NavDrawer = lazy(loadNavDrawer);
// Notices drawn only when there is something to say (a news item, a new build): their chunks load beside the page.
const CookieBanner = lazy(() => import('./CookieBanner'));
const NewsBanner = lazy(() => import('./NewsBanner').then((m) => ({ default: m.NewsBanner })));
const VersionCheck = lazy(() => import('./VersionCheck').then((m) => ({ default: m.VersionCheck })));
const ViewAsBanner = lazy(() => import('./ViewAsBanner').then((m) => ({ default: m.ViewAsBanner })));

/** The view-as banner, drawn (and its chunk loaded) only while an administrator views as a student. */
function ViewAsNotice() {
  const { viewAs } = useSession();
  if (!viewAs) return null;
  return (
    <Suspense fallback={null}>
      <ViewAsBanner />
    </Suspense>
  );
}

/** Stays fixed while the page scrolls; a scroll lock (the drawer's) shifts it like the page, by this class. */
const SCROLL_LOCK_SHIFTS = 'right-scroll-bar-position';

/** The frame around every page (spec §2): banner, top bar, drawer, footer and the global notices. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer is drawn from its first opening on, and stays for its closing transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = () => {
    setDrawerUsed(true);
    drawer.open();
  };
  return (
    <SessionProvider>
      <MaintenanceGate>
        <EditModeProvider>
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          <header className={`${classes.header} ${SCROLL_LOCK_SHIFTS}`} data-app-header>
            <TopBar onOpenMenu={openDrawer} />
          </header>
          {drawerUsed && (
            <Suspense fallback={null}>
              <NavDrawer opened={drawerOpened} onClose={drawer.close} />
            </Suspense>
          )}
          <main id="main" tabIndex={-1} className={classes.main}>
            <ViewAsNotice />
            <MaintenanceNotice />
            <TrialNotice />
            {!storage.get(storageKeys.cookieConsent) && (
              <Suspense fallback={null}>
                <CookieBanner />
              </Suspense>
            )}
            <Suspense fallback={null}>
              <NewsBanner />
            </Suspense>
            <div className={classes.page}>
              <PageErrorBoundary path={pathname}>
                <Suspense fallback={<Loading />}>
                  <Outlet />
                </Suspense>
              </PageErrorBoundary>
            </div>
            <Footer />
          </main>
          <Suspense fallback={null}>
            <VersionCheck />
          </Suspense>
          <ScrollManager />
        </EditModeProvider>
      </MaintenanceGate>
    </SessionProvider>
  );
}
