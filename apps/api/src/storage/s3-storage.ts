import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.js';
import type { Storage } from './storage.js';

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
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  // S3 presigned PUTs cannot cap the size; the size is checked when the upload is confirmed.
  async createUploadUrl(key: string, o: { expiresInS: number; contentType: string }) {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.config.bucket, Key: key }), { expiresIn: o.expiresInS });
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

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}
