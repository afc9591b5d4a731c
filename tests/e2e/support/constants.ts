export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'demo-password-e2e';
export const demo = {
  admin: 'admin@demo.local',
  coach: 'coach@demo.local',
  student: 'student@demo.local',
} as const;
