import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.js';
import type { ArrivedUpload, Storage, StoredObjectInfo } from './storage.js';

/** Where a presigned upload of `key` lands until it is confirmed. */
export const uploadKeyOf = (key: string): string => `uploads/${key}`;

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Any S3-compatible object store (AWS S3, MinIO, Ceph, R2…), through presigned URLs. */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them. The SDK's default since 2025 sends streamed bodies as
      // aws-chunked with a CRC trailer, which S3-compatible stores (s3rver, older MinIO and Ceph) store
      // verbatim, and it signs a checksum of an empty body into presigned PUT addresses.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  // S3 presigned PUTs cannot cap the size; the size is checked when the upload is confirmed. They go to a
  // staging key, copied to `key` once when the upload is confirmed: a PUT to the same address later only
  // rewrites the staging key, never the confirmed object (decision 0012).
  async createUploadUrl(key: string, o: { expiresInS: number; contentType: string }) {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.config.bucket, Key: uploadKeyOf(key) }), {
      expiresIn: o.expiresInS,
    });
  }

  async findArrivedUpload(key: string): Promise<ArrivedUpload | null> {
    const staged = uploadKeyOf(key);
    const arrived = await this.stat(staged);
    if (!arrived) return null;
    const bucket = this.config.bucket;
    return {
      size: arrived.size,
      commit: async () => {
        await this.client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: `${bucket}/${staged.split('/').map(encodeURIComponent).join('/')}` }),
        );
        await this.delete(staged);
      },
      discard: () => this.delete(staged),
    };
  }

  async createDownloadUrl(key: string, o: { fileName: string; contentType: string; expiresInS: number; inline?: boolean }) {
    const disposition = `${o.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(o.fileName)}`;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.config.bucket, Key: key, ResponseContentDisposition: disposition, ResponseContentType: o.contentType }),
      { expiresIn: o.expiresInS },
    );
  }

  async stat(key: string) {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound') return null;
      throw error;
    }
  }

  async put(key: string, body: Buffer | Uint8Array | Readable, contentType: string) {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async read(key: string) {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    return out.Body as Readable;
  }

  async readRange(key: string, start: number, end: number) {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: `bytes=${start}-${end}` }));
    return out.Body as Readable;
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async *list(): AsyncIterable<StoredObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, lastModified: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
