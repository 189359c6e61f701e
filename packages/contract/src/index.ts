import { z } from 'zod';

// Validation messages of every schema in French, on the server and in the browser alike.
z.config(z.locales.fr());

export * from './audit.js';
export * from './auth.js';
export * from './categories.js';
export * from './common.js';
export * from './conversations.js';
export * from './dashboard.js';
export * from './disputes.js';
export * from './health.js';
export * from './notifications.js';
export * from './projects.js';
export * from './providers.js';
export * from './reports.js';
export * from './settings.js';
export * from './users.js';
export * from './verifications.js';
