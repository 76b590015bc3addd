import FormCore
import FormStore
import Secrets
#if canImport(Glibc)
import Glibc
#endif

extension FormEngine {
    /// Receives one upload for `form` into `staged`, reading its bytes once into an unnamed
    /// temporary file: the SHA-256, size, media type (from the bytes) and, for an image, its
    /// size in pixels. Reading stops as soon as a limit is passed (the field's `maxSize`, the
    /// form's `maxUploadSize` for all files together), so a file far too large costs no more
    /// than the limit.
    ///
    /// Throws `.invalid` naming the field: a key path that is not a file field of the form
    /// (`talks.1.slides` needs a repeat `talks`), a file past a limit, too many files, a type
    /// the field does not `accept`, an empty file, bytes that could not be read (their
    /// error's description in the message); `.interrupted` at `deadline` or when the task is
    /// cancelled. Nothing is stored until the submit that carries `staged`. The file is the
    /// field's next one: its position is the number of files `staged` holds for the key.
    ///
    /// The media type is found from the bytes (see the README's rule); the sender's
    /// `declaredType` only says which text a text file is, or names a type the bytes do not
    /// show. The name is kept sanitised: its last component, without control characters, at
    /// most 255 bytes, "file" when nothing is left.
    /// - Returns: what the field's value holds for this file.
    @discardableResult
    public func stage(_ upload: AttachmentUpload, for form: LoadedForm, into staged: inout StagedAttachments,
                      deadline: ContinuousClock.Instant? = nil) async throws(FormEngineError) -> AttachmentReference
    {
        let keyPath = upload.keyPath
        let compiled = form.compiled
        guard let rules = compiled.fileRules(atKeyPath: keyPath) else { throw .invalid([.notAFileField(path: keyPath)]) }
        let position = staged.files.count(where: { $0.keyPath == keyPath })
        guard position < rules.maximumFiles else { throw .invalid([.tooManyFiles(path: keyPath, limit: rules.maximumFiles)]) }
        let name = AttachmentFileName.sanitised(upload.fileName)
        let spool = try makeSpool()
        let received = try await receive(upload.bytes, into: spool, keyPath: keyPath, maxSize: rules.maxSize,
                                         uploadRoom: compiled.maxUploadSize - staged.totalSize,
                                         maxUploadSize: compiled.maxUploadSize, deadline: deadline)
        guard received.size > 0 else {
            throw .invalid([FieldError(path: keyPath, rule: "file", message: LibraryMessages.text(.emptyFile, ["name": .text(name)]))])
        }
        let mediaType = MediaTypeSniffer.mediaType(head: received.head, fileName: name, declaredType: upload.declaredType)
        // The name's extension counts for `accept` only when the bytes agree with it.
        let nameForAccept = MediaTypeSniffer.extensionAgrees(name, with: mediaType) ? name : ""
        guard rules.accepts(mediaType: mediaType, fileName: nameForAccept) else {
            throw .invalid([.fileTypeRefused(path: keyPath, mediaType: mediaType, accept: rules.accept)])
        }
        let pixels = ImagePixelSize.of(mediaType: mediaType, size: received.size) { offset, count in
            try spool.read(offset: offset, count: count)
        }
        if let limit = rules.imageMaxLength, let pixels, max(pixels.width, pixels.height) > limit {
            throw .invalid([.imageTooLarge(path: keyPath, limit: limit, width: pixels.width, height: pixels.height)])
        }
        let reference = AttachmentReference(name: name, size: received.size, mediaType: mediaType, sha256: received.sha256,
                                            width: pixels?.width, height: pixels?.height)
        staged.files.append(StagedAttachment(keyPath: keyPath, position: position, reference: reference, spool: spool))
        return reference
    }

    /// An empty unnamed file in the spool directory.
    func makeSpool() throws(FormEngineError) -> SpooledFile {
        do { return try SpooledFile(directory: spoolDirectory, budget: spoolBudget) } catch { throw spoolFailure(error) }
    }

    /// A spool that could not be written: the disk is full, or the directory cannot be used.
    func spoolFailure(_ error: SpoolError) -> FormEngineError {
        .storage(StorageError(kind: error.errno == ENOSPC ? .full : .io, backend: storage.backend, message: error.description,
                              database: storage.database))
    }

    /// Uploads in progress hold the spool's whole budget: a `busy` error, which passes.
    func spoolBusy() -> FormEngineError {
        .storage(StorageError(kind: .busy, backend: storage.backend,
                              message: "uploads in progress hold \(ByteCount(spoolBudget.limit)) in temporary files already, the most at once (spoolLimit); try again shortly",
                              database: storage.database))
    }

    /// Copies `bytes` into `spool`, hashing and counting them, and keeps the first
    /// `MediaTypeSniffer.headLength` for sniffing. Stops at the first piece past a limit.
    private func receive(_ bytes: any AsyncSequence<ArraySlice<UInt8>, any Error> & Sendable, into spool: SpooledFile,
                         keyPath: String, maxSize: Int, uploadRoom: Int, maxUploadSize: Int, deadline: ContinuousClock.Instant?)
        async throws(FormEngineError) -> (size: Int, sha256: String, head: [UInt8])
    {
        var hasher = SHA256()
        var size = 0
        var head: [UInt8] = []
        do {
            for try await piece in bytes {
                if Task.isCancelled || deadline.map({ ContinuousClock.now >= $0 }) == true {
                    throw FormEngineError.interrupted(step: "receiving the file for \(keyPath)")
                }
                size += piece.count
                if size > maxSize { throw FormEngineError.invalid([.fileTooLarge(path: keyPath, limit: maxSize)]) }
                if size > uploadRoom { throw FormEngineError.invalid([.uploadTooLarge(path: keyPath, limit: maxUploadSize)]) }
                hasher.update(piece)
                if head.count < MediaTypeSniffer.headLength { head += piece.prefix(MediaTypeSniffer.headLength - head.count) }
                guard spool.reserve(piece.count) else { throw spoolBusy() }
                try spool.append(piece, directory: spoolDirectory)
            }
        } catch let error as FormEngineError {
            throw error
        } catch let error as SpoolError {
            throw spoolFailure(error)
        } catch {
            if Task.isCancelled { throw .interrupted(step: "receiving the file for \(keyPath)") }
            throw .invalid([FieldError(path: keyPath, rule: "file", message: LibraryMessages.text(.unreadableFile, ["reason": .text("\(error)")]))])
        }
        return (size, hasher.finalizeHex(), head)
    }
}
