// Validates a SARIF log against the SARIF 2.1.0 JSON schema that
// @microsoft/jest-sarif ships, with the validator it uses (ajv 6, which
// reads the schema's draft 4). Usage: node validate.js FILE.sarif
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

const schemaPath = path.join(path.dirname(require.resolve('@microsoft/jest-sarif/package.json')), 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const ajv = new Ajv({ schemaId: 'auto', allErrors: true, validateSchema: false });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
const validate = ajv.compile(schema);
const log = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
if (!validate(log)) {
  console.error(JSON.stringify(validate.errors, null, 2));
  process.exit(1);
}
console.log('valid SARIF 2.1.0 (' + path.basename(schemaPath) + ')');
