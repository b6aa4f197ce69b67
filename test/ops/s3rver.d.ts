// s3rver ships no types: the little of it the ops tests use.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: Array<{ name: string }> });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
