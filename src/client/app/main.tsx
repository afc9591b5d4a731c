import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { listenToHistoryFirst } from '../components/historyFirst';
import { beforeFailing } from './api';
import { loadErrorTexts } from './i18n';
import { AppRoutes } from './routes';
import { NotificationsHost } from './shell/NotificationsHost';
import { colorSchemeManager, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

// Before the router listens to the history: an unsaved form's guard hears of Back and Forward first.
listenToHistoryFirst();
beforeFailing(loadErrorTexts);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
