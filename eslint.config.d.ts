import type { Linter } from 'eslint';

export function createConfig(root: string): Linter.Config[];
export function boundaryZones(root: string): { target: string; from: string | string[] }[];
export const coreDependencies: Record<string, string[]>;
declare const config: Linter.Config[];
export default config;
