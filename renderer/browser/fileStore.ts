// Keeps the bytes of chosen files out of the form data (which holds FileRefs only). IndexedDB
// (database 'portal-files') lets files survive a page reload in the same tab; where IndexedDB is
// not available (jsdom, some private modes) an in-memory Map is used instead. Each tab keeps its own
// records (tabIdentity.ts): a copy of a tab takes over copies of the original's files under its own
// tab id, with the same file ids, so removing them in one tab leaves the other's alone.
import { claimTab } from './tabIdentity';

const DB_NAME = 'portal-files';
const STORE = 'files';
/** Records older than this are removed when the database is opened (files of closed tabs). */
const STALE_MS = 24 * 60 * 60 * 1000;

interface StoredFile {
  /** The record's key: the tab and the file id (see keyOf). */
  id: string;
  /** The file id, as the form data's FileRef names it. */
  file?: string;
  tab: string;
  storedAt: number;
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
}

const memory = new Map<string, StoredFile>();
let database: Promise<IDBDatabase | null> | undefined;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Id of this browser tab (sessionStorage survives reloads; a copied tab gets its own). */
function tabId(): string {
  return claimTab().id;
}

/** The key of a tab's record of a file. */
function keyOf(tab: string, file: string): string {
  return `${tab}/${file}`;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function purgeStale(db: IDBDatabase): void {
  try {
    const cursorRequest = db.transaction(STORE, 'readwrite').objectStore(STORE).openCursor();
    const limit = Date.now() - STALE_MS;
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) return;
      if ((cursor.value as StoredFile).storedAt < limit) cursor.delete();
      cursor.continue();
    };
  } catch {
    // Cleaning up is best effort.
  }
}

/** Visits every record in one read-write transaction; resolves when it is over (whatever its outcome). */
function eachRecord(db: IDBDatabase, visit: (record: StoredFile, cursor: IDBCursorWithValue, store: IDBObjectStore) => void): Promise<void> {
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      const cursorRequest = store.openCursor();
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (!cursor) return;
        visit(cursor.value as StoredFile, cursor, store);
        cursor.continue();
      };
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => resolve();
      transaction.onabort = () => resolve();
    } catch {
      resolve();
    }
  });
}

/** Copies the records of the tab this page was copied from to its own tab id (same file ids). */
function adoptFiles(db: IDBDatabase, from: string, to: string): Promise<void> {
  const storedAt = Date.now();
  return eachRecord(db, (record, _cursor, store) => {
    if (record.tab === from && record.file) store.put({ ...record, id: keyOf(to, record.file), tab: to, storedAt });
  });
}

function openDatabase(): Promise<IDBDatabase | null> {
  database ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
      request.onsuccess = () => {
        const db = request.result;
        purgeStale(db);
        const { copiedFrom } = claimTab();
        if (copiedFrom) void adoptFiles(db, copiedFrom, tabId()).then(() => resolve(db));
        else resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return database;
}

async function withStore<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  if (!db) throw new Error('IndexedDB niet beschikbaar');
  return promised(action(db.transaction(STORE, mode).objectStore(STORE)));
}

/** Opens the store ahead of use (a copied tab takes over the original's files then). */
export async function openFileStore(): Promise<void> {
  await openDatabase();
}

/** Stores a file and returns its new id (the FileRef id). */
export async function putFile(file: Blob & { name: string }): Promise<string> {
  const fileId = randomId();
  const tab = tabId();
  const record: StoredFile = {
    id: keyOf(tab, fileId),
    file: fileId,
    tab,
    storedAt: Date.now(),
    name: file.name,
    type: file.type,
    lastModified: 'lastModified' in file && typeof file.lastModified === 'number' ? file.lastModified : Date.now(),
    blob: file,
  };
  try {
    await withStore('readwrite', (store) => store.put(record));
  } catch {
    memory.set(record.id, record);
  }
  return fileId;
}

/** The stored file, or undefined when unknown, removed or stored by another tab. */
export async function getFile(id: string): Promise<File | undefined> {
  const key = keyOf(tabId(), id);
  let record = memory.get(key);
  if (!record) {
    try {
      record = (await withStore('readonly', (store) => store.get(key))) as StoredFile | undefined;
    } catch {
      record = undefined;
    }
  }
  if (!record || record.tab !== tabId()) return undefined;
  return new File([record.blob], record.name, { type: record.type, lastModified: record.lastModified });
}

/** Removes this tab's copy of a stored file (unknown ids, and other tabs' copies, are left alone). */
export async function removeFile(id: string): Promise<void> {
  const key = keyOf(tabId(), id);
  memory.delete(key);
  try {
    await withStore('readwrite', (store) => store.delete(key));
  } catch {
    // Not in IndexedDB (or no IndexedDB): nothing to remove.
  }
}

/** Removes several stored files, e.g. after the application was submitted. */
export async function clearFiles(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => removeFile(id)));
}

/** Removes every file this tab stored (e.g. when the applicant logs out or clears the form data). */
export async function clearTabFiles(): Promise<void> {
  const tab = tabId();
  for (const [id, record] of memory) if (record.tab === tab) memory.delete(id);
  const db = await openDatabase();
  if (!db) return;
  await eachRecord(db, (record, cursor) => {
    if (record.tab === tab) cursor.delete();
  });
}
