/** A complete production environment: every variable production-env.ts requires, none it forbids. */
export const COMPLETE_PRODUCTION_ENV = {
  URL: 'https://beaconcollegecounsel.com',
  PUBLIC_FIREBASE_API_KEY: 'AIza-web-key',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'beacon.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'beacon',
  PUBLIC_FIREBASE_APP_ID: '1:2:web:3',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  COMMUNITY_INVITE_URL: 'https://discord.gg/beacon',
  UNSUBSCRIBE_SECRET: 'a-production-unsubscribe-secret-of-48-characters',
};
