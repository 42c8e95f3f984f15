// The gjkcheck subcommands. Each takes the whole argv and the index of its first own argument, and
// returns the exit code of docs/cli.md (0 ok, 1 violations, 2 bad input or usage, 130 stopped).
#pragma once

namespace gjk::tools {

int strategiesCommand(int argc, char** argv, int first);
int oracleCommand(int argc, char** argv, int first);
int runCommand(int argc, char** argv, int first);
int reproCommand(int argc, char** argv, int first);
int corpusCommand(int argc, char** argv, int first);
int compareCommand(int argc, char** argv, int first);
int mergeCommand(int argc, char** argv, int first);
int genCommand(int argc, char** argv, int first);
int convertCommand(int argc, char** argv, int first);
int campaignCommand(int argc, char** argv, int first);
int propertiesCommand(int argc, char** argv, int first);

}  // namespace gjk::tools
