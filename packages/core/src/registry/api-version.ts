/**
 * The API's version: the OpenAPI document's `info.version`, the MCP server's version, and the
 * version both SDKs are published under (packages/sdk/scripts/generate-types.ts writes it into
 * packages/sdk/package.json and packages/sdk-python/src/dossier/_version.py; a test fails when they
 * differ). Raise it here, regenerate, and add a CHANGELOG.md entry to each SDK.
 */
export const apiVersion = '1.0.0';
