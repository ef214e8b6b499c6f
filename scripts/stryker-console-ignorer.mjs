import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/**
 * Stryker ignorer: a statement that only calls console.* (a log line) is not mutated. What it
 * prints never reaches a user, so a surviving mutant there would be noise, not a missing test.
 */
export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'console', {
    shouldIgnore(path) {
      if (
        path.isExpressionStatement() &&
        path.node.expression.type === 'CallExpression' &&
        path.node.expression.callee.type === 'MemberExpression' &&
        path.node.expression.callee.object.type === 'Identifier' &&
        path.node.expression.callee.object.name === 'console'
      ) {
        return 'A console call only logs; no user sees it.';
      }
      return undefined;
    },
  }),
];
