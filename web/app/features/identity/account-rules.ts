/** The account rules the forms check before asking identity (which checks them again). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;
export const MAX_NAME = 100;
