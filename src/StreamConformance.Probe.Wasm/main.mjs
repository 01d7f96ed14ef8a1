// Runs the WebAssembly probe under Node: `node main.mjs REQUEST.json`. The runtime sees emscripten's in-memory file
// system only, so the files the request names (the request, the budgets, assemblies given by path) are copied into
// it at the same paths before Main runs; events come out on standard output as from any probe. Claims are made in the
// host's own files, through Node (below).
import { dotnet } from './wwwroot/_framework/dotnet.js';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

const requestPath = process.argv[2];
if (!requestPath) {
    console.error('usage: node main.mjs REQUEST.json (written by the streamconf host)');
    process.exit(2);
}
let request;
try {
    request = JSON.parse(readFileSync(requestPath, 'utf8'));
} catch (e) {
    console.error(`request ${requestPath}: ${e.message}`);
    process.exit(2);
}

const runtime = await dotnet.withApplicationArguments(requestPath).create();
const fs = runtime.Module.FS;
function copyIn(path) {
    if (!path) return;
    fs.mkdirTree(dirname(path));
    fs.writeFile(path, readFileSync(path));
}
copyIn(requestPath);
copyIn(request.budgetsPath);
for (const item of request.items ?? []) copyIn(item.assemblyPath);
if (request.tempDirectory) fs.mkdirTree(request.tempDirectory);

// The request's claims (Probe/ItemClaims.cs) are files of the host's file system, made here for the probe's
// NodeClaimFiles: a file created only if it does not exist ('wx': O_CREAT | O_EXCL), and read back.
runtime.setModuleImports('streamconf-claims', {
    tryCreate: (path, mark) => {
        let fd;
        try {
            fd = openSync(path, 'wx');
        } catch (e) {
            if (e.code === 'EEXIST') return false;
            throw e;
        }
        try { writeSync(fd, mark); } finally { closeSync(fd); }
        return true;
    },
    read: path => {
        try {
            return readFileSync(path, 'utf8');
        } catch (e) {
            if (e.code === 'ENOENT') return null;
            throw e;
        }
    },
});

// .NET 8's runMain asserts without the main assembly's name; 9 and 10 accept it as well.
const code = await runtime.runMain('streamconf-probe', [requestPath]);
process.exit(code);
