export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'demo-password-e2e';
export const demo = {
  admin: 'admin@demo.local',
  coach: 'coach@demo.local',
  student: 'student@demo.local',
} as const;

/** How every tool of the project starts Debian's Chromium here: headless, and no calls to the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
