import { parseConfig, type AppConfig } from './schema';

export type { AppConfig, Portal } from './schema';
export { ConfigError } from './schema';

/**
 * The one place that reads import.meta.env (ARCHITECTURE.md). Parsed once at module load:
 * a missing or malformed value throws before anything renders, naming the variable.
 */
export const config: AppConfig = parseConfig(import.meta.env);
