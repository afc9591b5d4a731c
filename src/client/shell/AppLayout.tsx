import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { EditModeProvider } from '../editMode';
import { SessionProvider } from '../session';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { NavDrawer } from './NavDrawer';
import { NewsBanner } from './NewsBanner';
import { ScrollManager } from './ScrollManager';
import { TopBar } from './TopBar';
import { VersionCheck } from './VersionCheck';

/** The frame around every page (spec §2): banner, top bar, drawer, footer and the global notices. */
export function AppLayout() {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  return (
    <SessionProvider>
      <EditModeProvider>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <AppShell header={{ height: 60 }} padding={0}>
          <AppShell.Header>
            <TopBar onOpenMenu={drawer.open} />
          </AppShell.Header>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} />
          <AppShell.Main id="main" tabIndex={-1} style={{ display: 'flex', flexDirection: 'column' }}>
            <NewsBanner />
            <div style={{ flex: 1 }}>
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader aria-label={t('loading')} />
                  </Center>
                }
              >
                <Outlet />
              </Suspense>
            </div>
            <Footer />
          </AppShell.Main>
        </AppShell>
        <CookieBanner />
        <VersionCheck />
        <ScrollManager />
      </EditModeProvider>
    </SessionProvider>
  );
}
