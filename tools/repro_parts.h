// What the 2D and 3D halves of `gjkcheck repro` share (tools/command_repro.cpp, the 2D case and the command;
// tools/command_repro3.cpp, a 3D case): the printing of points and of a trace, and the writing of a picture.
#pragma once

#include <string>

#include "case/case.h"
#include "tools/command_line.h"
#include "verdict/strategy.h"

namespace gjk::tools {

// "(x, y)" and "(x, y, z)" in the strategy's scalar.
std::string pointText(check::Point p, const std::string& scalar);
std::string pointText3(check::Point p, const std::string& scalar);

// The iteration trace of `strategy` (with z for a 3D one), or the word that it records none.
void printTrace(const check::StrategyInfo& strategy, const check::StrategyResult& result);

// `text` written atomically to `file` and the line that says so; std::runtime_error "cannot write FILE: ...".
void writeOutput(const std::string& file, const std::string& text, const char* what, const std::string& name);

// repro of a 3D case (Case::dimension 3).
int repro3(const CommandLine& line, const check::Case& value);

}  // namespace gjk::tools
