/**
 * Typed provider errors carrying the offending name, so a route can turn them into a problem whose issue
 * names the request property (e.g. `objectName`, `fieldFilters[1].fieldName`).
 */

export class UnknownObjectError extends Error {
  override readonly name = 'UnknownObjectError';
  constructor(
    readonly provider: string,
    readonly objectName: string,
  ) {
    super(`${provider} has no object named ${JSON.stringify(objectName)}`);
  }
}

export class UnknownFieldError extends Error {
  override readonly name = 'UnknownFieldError';
  constructor(
    readonly provider: string,
    readonly objectName: string,
    readonly fieldName: string,
  ) {
    super(`${provider} object ${objectName} has no field named ${JSON.stringify(fieldName)}`);
  }
}
