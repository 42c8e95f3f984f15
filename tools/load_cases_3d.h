// Loading cases for a command that takes 3D cases as well as 2D ones (`gjkcheck oracle`, for now the only one):
// loadCases of command_line.h refuses a 3D case as a bad input.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"

namespace gjk::tools {

// As loadCases(arguments, bad) (command_line.h), but a 3D case (dimension 3) is loaded like a 2D one.
std::vector<check::Case> loadCasesOfEitherDimension(const std::vector<std::string>& arguments, int& bad);

}  // namespace gjk::tools
