export { planRateLimits, planSeats } from '@dossier/core';
