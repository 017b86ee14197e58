import type { Env } from "./index";

/** The S3-compatible bucket of outputs, from STORAGE_DRIVER=s3 and the S3_* variables. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Custom endpoint for MinIO, R2 and other S3-compatible stores; null for AWS. */
  endpoint: string | null;
  /** Static credentials; null → the AWS default provider chain (instance role, env, profile). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** The bucket settings when outputs go to S3 (STORAGE_DRIVER=s3), else null. */
export function s3Settings(e: Env): S3Settings | null {
  if (e.STORAGE_DRIVER !== "s3") return null;
  return {
    // The schema requires S3_BUCKET with STORAGE_DRIVER=s3.
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION ?? e.AWS_REGION ?? "us-east-1",
    endpoint: e.S3_ENDPOINT ?? null,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
