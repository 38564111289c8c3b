/**
 * Why a whole file cannot be read. The routes turn `problem` into the contracts'
 * `import.file.*` message and fill it with `params`, so a person sees what to do
 * (give the zip's password, export the bill again, pick another format).
 */
export type FileProblem =
  | 'empty'
  | 'encoding'
  | 'unknownFormat'
  | 'passwordNeeded'
  | 'passwordWrong'
  | 'badZip'
  | 'tooLarge'
  | 'notTable'
  | 'notText';

export class ImportFileError extends Error {
  constructor(
    readonly problem: FileProblem,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`import file: ${problem}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`);
    this.name = 'ImportFileError';
  }
}
