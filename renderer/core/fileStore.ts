// Keeps the bytes of chosen files out of the form data (which holds FileRefs only). IndexedDB
// (database 'portal-files') lets files survive a page reload in the same tab; where IndexedDB is
// not available (jsdom, some private modes) an in-memory Map is used instead.
const DB_NAME = 'portal-files';
const STORE = 'files';
const TAB_KEY = 'portal-files-tab';
/** Records older than this are removed when the database is opened (files of closed tabs). */
const STALE_MS = 24 * 60 * 60 * 1000;

interface StoredFile {
  id: string;
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

let fallbackTab: string | undefined;
/** Id of this browser tab (sessionStorage survives reloads, not other tabs). */
function tabId(): string {
  try {
    const existing = sessionStorage.getItem(TAB_KEY);
    if (existing) return existing;
    const created = randomId();
    sessionStorage.setItem(TAB_KEY, created);
    return created;
  } catch {
    fallbackTab ??= randomId();
    return fallbackTab;
  }
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
        purgeStale(request.result);
        resolve(request.result);
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

/** Stores a file and returns its new id (the FileRef id). */
export async function putFile(file: Blob & { name: string }): Promise<string> {
  const record: StoredFile = {
    id: randomId(),
    tab: tabId(),
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
  return record.id;
}

/** The stored file, or undefined when unknown, removed or stored by another tab. */
export async function getFile(id: string): Promise<File | undefined> {
  let record = memory.get(id);
  if (!record) {
    try {
      record = (await withStore('readonly', (store) => store.get(id))) as StoredFile | undefined;
    } catch {
      record = undefined;
    }
  }
  if (!record || record.tab !== tabId()) return undefined;
  return new File([record.blob], record.name, { type: record.type, lastModified: record.lastModified });
}

/** Removes one stored file (unknown ids are ignored). */
export async function removeFile(id: string): Promise<void> {
  memory.delete(id);
  try {
    await withStore('readwrite', (store) => store.delete(id));
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
  await new Promise<void>((resolve) => {
    try {
      const transaction = db.transaction(STORE, 'readwrite');
      const cursorRequest = transaction.objectStore(STORE).openCursor();
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (!cursor) return;
        if ((cursor.value as StoredFile).tab === tab) cursor.delete();
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
